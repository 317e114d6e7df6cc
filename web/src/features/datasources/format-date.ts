/** A date in the interface language's long style, e.g. "14 March 2025" or "14 maart 2025". */
export function formatLongDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(date);
}
