/**
 * Issue 32 §3: whose personal data this browser keeps (reading places kept offline, chapters kept
 * for offline reading): the id of the account signed in here last, none after a logout. Stores
 * kept per account are named after the id (`inkwell.progress.{id}`, `inkwell.downloads.{id}`) and
 * written only for the owner recorded here, so a write that ends after a logout, or in another
 * tab after another account signed in, keeps nothing. lib/browser-handover.ts moves it.
 */
export const BROWSER_OWNER_KEY = 'inkwell.owner';

/** The account whose data this browser keeps, or null (nobody's: a visitor's, or nothing yet). */
export function readBrowserOwner(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return localStorage.getItem(BROWSER_OWNER_KEY);
  } catch {
    return null;
  }
}

export function writeBrowserOwner(owner: string | null): void {
  try {
    if (owner === null) localStorage.removeItem(BROWSER_OWNER_KEY);
    else localStorage.setItem(BROWSER_OWNER_KEY, owner);
  } catch {
    // No storage: nothing is kept for anyone either.
  }
}

/** The name of an account's store, from the store's base name (`inkwell.progress` → `inkwell.progress.{id}`). */
export const ownedKey = (base: string, owner: string) => `${base}.${owner}`;

/** Every key of this browser's localStorage that is a store of `base` kept for some account. */
export function ownedKeys(base: string): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(`${base}.`)) keys.push(key);
    }
  } catch {
    // No storage: nothing kept.
  }
  return keys;
}
