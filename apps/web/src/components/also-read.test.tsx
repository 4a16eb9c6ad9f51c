import type { SeriesCard } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { AlsoRead } from './also-read';

const PUB = '/api/public/omegascans/public';
const SERIES_ID = '00000000-0000-4000-8000-0000000000a1';
const ok = (data: unknown) => Response.json({ success: true, data });

const card = (n: number): SeriesCard => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: `series-${n}`,
  type: 'comic',
  title: `Series ${n}`,
  status: 'ongoing',
  cover: null,
  isAdult: false,
  latestChapters: [],
  lastChapterAt: null,
});

function serve(data: { basis: 'readers' | 'genres'; items: SeriesCard[] }) {
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [`${PUB}/series/${SERIES_ID}/also-read`]: () => ok(data),
  });
  renderRoutes([{ path: '/SeriesView/here', element: <AlsoRead seriesId={SERIES_ID} limit={6} /> }], '/SeriesView/here');
  return fetchMock;
}

describe('what to read next (issue 39 §5)', () => {
  it('titles the readers’ pairs "Readers also read" and links each series', async () => {
    const fetchMock = serve({ basis: 'readers', items: [card(1), card(2)] });
    const section = await screen.findByRole('region', { name: 'Readers also read' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/SeriesView/series-1', '/SeriesView/series-2']);
    expect(section).toHaveTextContent('Series 2');
    const call = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes('also-read'));
    expect(call).toContain('limit=6');
  });

  it('titles a cold start’s genres "More like this"', async () => {
    serve({ basis: 'genres', items: [card(3)] });
    expect(await screen.findByRole('region', { name: 'More like this' })).toHaveTextContent('Series 3');
  });

  it('draws nothing when there is nothing to offer', async () => {
    const fetchMock = serve({ basis: 'genres', items: [] });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('also-read'))).toBe(true));
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading what to read next')).not.toBeInTheDocument());
    expect(screen.queryByTestId('also-read')).not.toBeInTheDocument();
  });
});
