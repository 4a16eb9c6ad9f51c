import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readerUser } from '../../test/render';
import { SESSION_QUERY_KEY, sessionQueryOptions } from '../lib/auth/session-query';
import { libraryKeys } from '../lib/library/library-keys';
import { isPersonalQuery, ReaderData } from './reader-data';

// Issue 18 §1: a signed-in reader's own part of a page shared by their class.

function Greeting() {
  const session = useQuery(sessionQueryOptions());
  return <p>{session.data ? `Hello ${session.data.username || 'stand-in'}` : 'Checking'}</p>;
}

afterEach(() => {
  delete window.__INKWELL_READER__;
  vi.unstubAllGlobals();
});

describe('a reader’s own part of a shared page', () => {
  it('names the queries that are a reader’s own, and no others', () => {
    expect(isPersonalQuery(SESSION_QUERY_KEY)).toBe(true);
    expect(isPersonalQuery(libraryKeys.seriesProgress('s1'))).toBe(true);
    expect(isPersonalQuery(['store', 'me', 'subscription'])).toBe(true);
    expect(isPersonalQuery(['store', 'plans'])).toBe(false);
    expect(isPersonalQuery(['catalogue', 'series', 'lantern'])).toBe(false);
  });

  it('replaces the stand-in session the page was drawn with before anything asks the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    // What the page was drawn with: the class's stand-in.
    const client = new QueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { ...readerUser, username: '', email: '', autoUnlock: false });
    // The reader's part, as the server writes it; a shared query in it is not theirs to change.
    client.setQueryData(['catalogue', 'series', 'lantern'], { title: 'The Lantern Keeper' });
    window.__INKWELL_READER__ = {
      at: Date.now(),
      answers: [
        { queryKey: SESSION_QUERY_KEY, data: { ...readerUser, autoUnlock: false } },
        { queryKey: ['catalogue', 'series', 'lantern'], data: { title: 'Changed' } },
      ],
    };

    render(
      <QueryClientProvider client={client}>
        <ReaderData />
        <Greeting />
      </QueryClientProvider>,
    );
    expect(await screen.findByText(`Hello ${readerUser.username}`)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__INKWELL_READER__).toBeUndefined();
    expect(client.getQueryData(['catalogue', 'series', 'lantern'])).toEqual({ title: 'The Lantern Keeper' });
  });
});
