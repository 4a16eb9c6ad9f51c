import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { SESSION_QUERY_KEY } from '../lib/auth/session-query';
import { libraryKeys } from '../lib/library/library-keys';
import { isSharedRender, renderScope, type OwnCall } from '../lib/render-scope';
import { storeKeys } from '../features/store/api/store-keys';
import { applyOwnOffers, OWN_CHAPTER_ROOT } from '../features/reader/api/get-chapter';

// Issue 18 §1: a page drawn once for every signed-in reader of one access class carries a
// stand-in session and none of anyone's own data; each reader's own part (their session, their
// progress in the series, their Continue reading row, their subscription) comes with it as data,
// applied as the page hydrates.

/** The queries that are a reader's own: never in a shared page, always in the reader's part. */
const PERSONAL_ROOTS: readonly (readonly string[])[] = [SESSION_QUERY_KEY, libraryKeys.all, storeKeys.mine, OWN_CHAPTER_ROOT];

export function isPersonalQuery(queryKey: readonly unknown[]): boolean {
  return PERSONAL_ROOTS.some((root) => root.every((part, i) => queryKey[i] === part));
}

/**
 * A loader's load of a reader's own data (a query made by `ownQueryOptions`): in a shared page it
 * is left out, and its call kept with the page for the server to answer for each reader as their
 * part (entry-server's `readerData`); anywhere else it is loaded as usual.
 */
export function personalLoad<T>(query: { ownCall: OwnCall }, load: () => Promise<T>): Promise<T> | null {
  if (!isSharedRender()) return load();
  renderScope()?.leaveOut?.(query.ownCall);
  return null;
}

/**
 * Puts the reader's own part into the cache once the shared page has hydrated with what it was
 * drawn from: a layout effect, so it is there before any query starts fetching (they start in
 * passive effects), and nothing is asked twice. Renders nothing.
 */
export function ReaderData() {
  const client = useQueryClient();
  useLayoutEffect(() => {
    const part = window.__INKWELL_READER__;
    if (!part) return;
    delete window.__INKWELL_READER__;
    for (const { queryKey, data } of part.answers) {
      // Only a reader's own queries: the page's shared ones are the class's, and stay.
      if (!isPersonalQuery(queryKey)) continue;
      // A reader's own offers correct the class's in the chapter's answer (issue 32 §1).
      if (applyOwnOffers(client, queryKey, data)) continue;
      client.setQueryData(queryKey, data, { updatedAt: part.at });
    }
  }, [client]);
  return null;
}
