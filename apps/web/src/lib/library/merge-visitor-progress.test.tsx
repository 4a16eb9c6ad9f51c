import { ROUTES, type SessionUser } from '@inkwell/contract';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser } from '../../../test/render';
import { AuthProvider } from '../auth/auth-context';
import { SESSION_QUERY_KEY } from '../auth/session-query';
import { readBrowserOwner, writeBrowserOwner } from '../browser-owner';
import { readLocalProgress, saveLocalProgress } from './local-progress';
import { useMergeVisitorProgress } from './merge-visitor-progress';

const reader: SessionUser = { ...readerUser, autoUnlock: false } as SessionUser;
/** The session a shared page is drawn with (the server's stand-in for the reader's class). */
const standIn: SessionUser = { ...reader, id: '00000000-0000-0000-0000-000000000000', username: '', email: '' };

/** The reader's own session replacing the stand-in as the page hydrates, as app/reader-data.tsx does. */
function OwnSession() {
  const client = useQueryClient();
  useLayoutEffect(() => {
    client.setQueryData(SESSION_QUERY_KEY, reader);
  }, [client]);
  return null;
}
function Merge() {
  useMergeVisitorProgress();
  return null;
}

afterEach(() => vi.unstubAllGlobals());

describe('the browser is claimed for the reader signed in (issue 32 §3)', () => {
  it("is not taken from its reader by a shared page's stand-in session: their places kept offline still reach their account", async () => {
    writeBrowserOwner(reader.id);
    saveLocalProgress(reader.id, 'c1', 's1', { position: 1 });
    const merged: unknown[] = [];
    mockApi({
      [`POST ${ROUTES.progressMerge.path}`]: (init) => {
        merged.push(JSON.parse(String(init?.body)));
        return Response.json({ success: true, data: { merged: 1 } });
      },
    });
    const client = new QueryClient();
    client.setQueryData(SESSION_QUERY_KEY, standIn);
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <OwnSession />
          <Merge />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(merged).toEqual([{ entries: [expect.objectContaining({ chapterId: 'c1', completed: true })] }]));
    expect(readBrowserOwner()).toBe(reader.id);
    await waitFor(() => expect(readLocalProgress(reader.id)).toEqual({}));
  });
});
