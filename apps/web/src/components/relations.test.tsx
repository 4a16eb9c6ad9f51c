import type { ChapterRelated, SeriesRelations } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../test/render';
import { ChapterContinuation } from './chapter-continuation';
import { RelatedSeries } from './related-series';

// Issue 39 §5: a series page's "Related" and a chapter's way on into its adaptation or source.

const PUB = '/api/public/omegascans/public';
const SERIES_ID = '00000000-0000-4000-8000-0000000000a1';
const CHAPTER_ID = '00000000-0000-4000-8000-0000000000c1';
const ok = (data: unknown) => Response.json({ success: true, data });

const novel = {
  id: '00000000-0000-4000-8000-0000000000b1',
  slug: 'the-novel',
  title: 'The Novel',
  type: 'novel',
  cover: null,
  isAdult: false,
} as const;
const comic = {
  id: '00000000-0000-4000-8000-0000000000b2',
  slug: 'the-comic',
  title: 'The Comic',
  type: 'comic',
  cover: null,
  isAdult: true,
} as const;

function serveRelated(data: SeriesRelations) {
  mockApi({ '/api/proxy/public/verify': verifyAs(null), [`${PUB}/series/${SERIES_ID}/relations`]: () => ok(data) });
  renderRoutes([{ path: '/SeriesView/here', element: <RelatedSeries seriesId={SERIES_ID} /> }], '/SeriesView/here');
}

function serveChapter(data: ChapterRelated, seriesType: 'comic' | 'novel') {
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [`${PUB}/chapters/${CHAPTER_ID}/related`]: () => ok(data),
  });
  renderRoutes(
    [{ path: '/SeriesView/here/chapter-1', element: <ChapterContinuation chapterId={CHAPTER_ID} seriesType={seriesType} /> }],
    '/SeriesView/here/chapter-1',
  );
  return fetchMock;
}

describe('related series (issue 39 §5)', () => {
  it('names each related series by what it is to this one, with its 18+ badge', async () => {
    serveRelated({
      items: [
        { kind: 'source', series: novel },
        { kind: 'spin-off', series: comic },
      ],
    });
    const section = await screen.findByRole('region', { name: 'Related' });
    expect(section).toHaveTextContent('SourceThe Novel');
    expect(section).toHaveTextContent('Spin-offThe Comic');
    expect(within(section).getByRole('link', { name: 'The Novel' })).toHaveAttribute('href', '/SeriesView/the-novel');
  });

  it('draws nothing when there is none', async () => {
    serveRelated({ items: [] });
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Related' })).not.toBeInTheDocument());
    expect(screen.queryByTestId('related-series')).not.toBeInTheDocument();
  });
});

describe("a chapter's way on into its adaptation or source (issue 39 §5)", () => {
  it("leads a comic's reader into the novel's next chapter", async () => {
    serveChapter(
      {
        items: [
          {
            kind: 'source',
            series: novel,
            chapter: { slug: 'chapter-112', number: 112, title: '' },
            next: { slug: 'chapter-113', number: 113 },
          },
        ],
      },
      'comic',
    );
    const link = await screen.findByRole('link', { name: /The comic ends here at chapter 112 of the novel/ });
    expect(link).toHaveTextContent('Continue in the novel with chapter 113');
    expect(link).toHaveAttribute('href', '/SeriesView/the-novel/chapter-113');
  });

  it("leads a novel's reader into the comic, or to the mapped chapter when it is the newest", async () => {
    serveChapter(
      { items: [{ kind: 'adaptation', series: comic, chapter: { slug: 'chapter-40', number: 40, title: '' }, next: null }] },
      'novel',
    );
    const link = await screen.findByRole('link', { name: /This chapter is adapted in chapter 40 of the comic/ });
    expect(link).toHaveTextContent('Read chapter 40 of The Comic');
    expect(link).toHaveAttribute('href', '/SeriesView/the-comic/chapter-40');
  });

  it('draws nothing for a chapter no map relates', async () => {
    const fetchMock = serveChapter({ items: [] }, 'comic');
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/related'))).toBe(true));
    expect(screen.queryByTestId('chapter-continuation')).not.toBeInTheDocument();
  });
});
