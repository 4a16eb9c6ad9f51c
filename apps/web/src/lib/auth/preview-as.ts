// No React here: the API client reads it too, and it sits in every page's first chunk.

/** How a team member may look at the site (issue 22 §3): as a visitor, a reader without unlocks, or a premium reader. */
export const PREVIEW_KINDS = ['visitor', 'reader', 'premium'] as const;
export type PreviewAs = (typeof PREVIEW_KINDS)[number];

const KEY = 'inkwell.previewAs';
const listeners = new Set<() => void>();
let current: PreviewAs | null = null;
let isRead = false;

const isPreviewAs = (value: string | null): value is PreviewAs => (PREVIEW_KINDS as readonly string[]).includes(value ?? '');

/**
 * The preview this tab asked for: `?as=` on the page that opened it, then the tab's own choice
 * (sessionStorage, so it never outlives the tab nor reaches another). The server honours it for
 * the team only; for anyone else the app ignores it too (see useAuth).
 */
export function previewAs(): PreviewAs | null {
  if (typeof window === 'undefined') return null;
  if (!isRead) {
    isRead = true;
    const asked = new URLSearchParams(window.location.search).get('as');
    try {
      if (isPreviewAs(asked)) sessionStorage.setItem(KEY, asked);
      const kept = sessionStorage.getItem(KEY);
      current = isPreviewAs(kept) ? kept : null;
    } catch {
      current = isPreviewAs(asked) ? asked : null;
    }
  }
  return current;
}

export function setPreviewAs(next: PreviewAs | null): void {
  current = next;
  isRead = true;
  try {
    if (next) sessionStorage.setItem(KEY, next);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Private modes without storage: the choice lasts until the page is left.
  }
  listeners.forEach((listener) => listener());
}

export function subscribePreviewAs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
