const KEY = 'inkwell.device';
let kept: string | undefined;

/** 32 random hex digits (crypto.randomUUID needs a secure page; this does not). */
const freshId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * This browser's own id (issue 39 §1), made once and kept: the server keeps each device's place in
 * a chapter beside the merged one, and tells the reader which of them is this browser's.
 */
export function thisDeviceId(): string {
  if (kept) return kept;
  try {
    kept = localStorage.getItem(KEY) ?? undefined;
    if (!kept) localStorage.setItem(KEY, (kept = freshId()));
  } catch {
    // Storage refused (a private window): an id for this page's life.
  }
  return (kept ??= freshId());
}
