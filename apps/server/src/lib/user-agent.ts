import type { DeviceKind } from '@inkwell/contract';

// Where a reader is signed in, in words (issue 36 §2), and which browser a reading place was saved
// from (issue 39 §1): the browser and operating system a user agent names. A few common families,
// tested in order (Edge and Opera say "Chrome" too, Chrome says "Safari"); anything else is left
// unnamed rather than guessed.

export interface DeviceDescription {
  browser: string | null;
  os: string | null;
  kind: DeviceKind | null;
}

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows (?:NT|Phone)\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (agent: string, table: ReadonlyArray<[RegExp, string]>) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

function kindOf(agent: string, os: string | null): DeviceKind | null {
  if (/\biPad\b|\bTablet\b/.test(agent) || (os === 'Android' && !/\bMobile\b/.test(agent))) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b/.test(agent)) return 'phone';
  return os ? 'desktop' : null;
}

/** The browser, operating system and kind of device a user agent names, each null when it does not say. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const agent = userAgent ?? '';
  const os = firstMatch(agent, SYSTEMS);
  return { browser: firstMatch(agent, BROWSERS), os, kind: kindOf(agent, os) };
}
