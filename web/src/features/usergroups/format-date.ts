/** A date as YYYY-MM-DD in the user's time zone (docs/product.md, "Limits": dates on user groups). */
export function formatIsoDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
