/** Browsers in the order their tokens must be tried: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short name for the program behind a user agent string, as people recognise it:
 * `{ browser: 'Firefox', system: 'Windows' }`; a tool (`curl/8.5.0`) by its first word;
 * nothing for an empty or unreadable string.
 */
export function browserName(userAgent: string): { browser: string; system: string | null } | null {
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser) return { browser, system };
  const tool = /^([A-Za-z][\w.-]{0,30})\//.exec(userAgent)?.[1];
  if (tool && tool !== 'Mozilla') return { browser: tool, system };
  return null;
}
