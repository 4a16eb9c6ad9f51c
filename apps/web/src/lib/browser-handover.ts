import { readBrowserOwner, writeBrowserOwner } from './browser-owner';
import { claimVisitorProgress, clearLocalProgress, dropLocalProgressOfOthers } from './library/local-progress';

/**
 * Keeps `owner`'s kept chapters alone (none for null). The offline code is fetched only where
 * chapters can be kept at all, as use-offline-upkeep.ts does.
 */
async function keepOnlyDownloadsOf(owner: string | null): Promise<void> {
  if (typeof window === 'undefined' || !('caches' in window)) return;
  const downloads = await import('./offline/downloads');
  await downloads.keepOnlyDownloadsOf(owner);
}

/**
 * Issue 32 §3, whenever the app knows a reader is signed in here (a sign-in, or a page opened
 * with their session): the browser becomes theirs. The visitor's places become theirs, to be
 * merged into their account (SPEC's merge on sign-in: only what was read since the last logout);
 * if the browser was another account's (a session that ended without a logout), that account's
 * places and kept chapters, with every cached byte of them, go. Resolves once the bytes are gone;
 * never fails.
 */
export async function claimBrowser(userId: string): Promise<void> {
  const previous = readBrowserOwner();
  writeBrowserOwner(userId);
  claimVisitorProgress(userId);
  if (previous === userId) return;
  dropLocalProgressOfOthers(userId);
  try {
    await keepOnlyDownloadsOf(userId);
  } catch {
    // Cache Storage refused: the lists are gone, so no page offers those chapters.
  }
}

/**
 * Issue 32 §3, on logout: the browser is nobody's. Every place kept here (the visitor's too) and
 * every kept chapter with its cached bytes go; a save or a keeping still under way then keeps
 * nothing (the stores are written only for the browser's owner). Never fails: logout goes on.
 */
export async function releaseBrowser(): Promise<void> {
  writeBrowserOwner(null);
  clearLocalProgress(null);
  dropLocalProgressOfOthers(null);
  try {
    await keepOnlyDownloadsOf(null);
  } catch {
    // Cache Storage refused: the service worker drops the kept chapters on the logout call too.
  }
}
