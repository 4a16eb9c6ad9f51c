import { useQueryClient, type DehydratedState } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { SESSION_QUERY_KEY } from '../lib/auth/session-query';
import { libraryKeys } from '../lib/library/library-keys';
import { isSharedRender, renderScope } from '../lib/render-scope';
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
 * A loader's load of a reader's own data: left out of a shared page, and kept with it to run for
 * each reader as their part (entry-server's `readerData`). It runs then in a cache of its own, not
 * the page's: it carries what it needs of the page (an id) rather than reading the page's queries.
 */
export function personalLoad<T>(load: () => Promise<T>): Promise<T> | null {
  if (!isSharedRender()) return load();
  renderScope()?.skipLoad?.(load);
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
    const data: DehydratedState | undefined = window.__INKWELL_READER__;
    if (!data) return;
    delete window.__INKWELL_READER__;
    for (const query of data.queries) {
      // A reader's own offers correct the class's in the chapter's answer (issue 32 §1).
      if (applyOwnOffers(client, query.queryKey, query.state.data)) continue;
      client.setQueryData(query.queryKey, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    }
  }, [client]);
  return null;
}
