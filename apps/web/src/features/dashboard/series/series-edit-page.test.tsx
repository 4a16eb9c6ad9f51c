import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { TEAM_SERIES_ID, teamSeriesFixture } from '../../../../test/team-series';
import SeriesEditPage from './series-edit-page';

const SERIES_ID = TEAM_SERIES_ID;
const editor = { ...readerUser, id: 'e1', role: 'editor' as const, username: 'ed' };

const chapter = (number: number, state: 'draft' | 'scheduled' | 'published', publishedAt: string | null) => ({
  id: `00000000-0000-4000-8000-00000000010${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt,
  price: 0,
  freeAt: null,
  access: 'free' as const,
  state,
  pageCount: 0,
});

function renderSeries(type: 'comic' | 'novel') {
  mockApi({
    '/api/proxy/public/verify': verifyAs(editor),
    '/api/omegascans/secure/team/genres': () => Response.json({ success: true, data: [] }),
    [`/api/omegascans/secure/team/series/${SERIES_ID}`]: () =>
      Response.json({
        success: true,
        data: teamSeriesFixture({
          type,
          chapters: [chapter(2, 'draft', null), chapter(1, 'published', '2026-07-01T12:00:00.000Z')],
        }),
      }),
  });
  renderRoutes([{ path: '/edit/:id', element: <SeriesEditPage /> }], `/edit/${SERIES_ID}`);
}

describe('the series editor’s chapter list', () => {
  it('shows a novel chapter’s date with no dot left standing, and a comic’s page count before it', async () => {
    renderSeries('novel');
    const published = (await screen.findByText('Chapter 1')).closest('li')!;
    expect(within(published).getByText(/2026|Jul/).textContent).not.toMatch(/^\s*·/);
    const draft = screen.getByText('Chapter 2').closest('li')!;
    expect(within(draft).queryByText('·', { exact: false })).toBeNull();
  });

  it('opens any chapter, a draft too, as a visitor will meet it, in a new tab', async () => {
    renderSeries('comic');
    const preview = await screen.findByRole('link', { name: 'Preview chapter 2 as a visitor (opens in a new tab)' });
    expect(preview).toHaveAttribute('href', '/SeriesView/ink-and-ash/chapter-2?as=visitor');
    expect(preview).toHaveAttribute('target', '_blank');
    const comicRow = screen.getByText('Chapter 1').closest('li')!;
    expect(within(comicRow).getByText(/^0 pages · /)).toBeInTheDocument();
  });
});
