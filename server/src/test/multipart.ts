/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: { name: string; value: string; filename?: string; type?: string }[]) {
  const boundary = `----geows${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map(({ name, value, filename, type }) =>
    [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`,
      ...(type ? [`Content-Type: ${type}`] : []),
      '',
      value,
    ].join('\r\n'),
  );
  return {
    payload: `${chunks.join('\r\n')}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
