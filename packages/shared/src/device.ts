/**
 * A browser's user agent in plain words, for the list of signed-in devices: `Chrome on Android`,
 * `Safari on iPhone`. Order matters: most browsers also call themselves Chrome or Safari.
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/Opera Mini|OPiOS/, 'Opera Mini'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/UCBrowser/, 'UC Browser'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Version\/[\d.]+.*Safari/, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];

const UNKNOWN = 'Unknown device';

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return /^Mozilla\//.test(userAgent) ? 'A web browser' : 'Another app';
}
