/** The longest name a data source may have (the contract's `datasourceName`). */
const maxLength = 200;

/**
 * A data source name from an uploaded file's name: without its extension, underscores and
 * runs of spaces as one space, the first letter a capital ("parks_amsterdam.geojson" →
 * "Parks amsterdam"). A name that is all extension (".geojson") stays whole.
 */
export function nameFromFileName(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const tidy = stem
    .replace(/[_\s]+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
  return tidy.charAt(0).toLocaleUpperCase() + tidy.slice(1);
}
