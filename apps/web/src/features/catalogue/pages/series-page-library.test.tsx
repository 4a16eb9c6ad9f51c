import { ROUTES, fillPath, type ChapterSummary, type SeriesDetail } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../../test/render';
import { saveLocalProgress } from '../../../lib/library/local-progress';
import SeriesPage from './series-page';

const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const chapterId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const chapter = (number: number): ChapterSummary => ({
  id: chapterId(number),
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free',
  openUntil: null,
  language: 'en',
  fallback: false,
});
const series: SeriesDetail = {
  id: SERIES_ID,
  slug: 'lantern',
  type: 'comic',
  title: 'The Lantern Keeper',
  alternativeNames: '',
  description: '',
  status: 'ongoing',
  cover: null,
  author: '',
  artist: '',
  releaseYear: null,
  isAdult: false,
  genres: [],
  chapters: [4, 3, 2, 1].map(chapter),
  chapterCount: 4,
  firstChapter: { slug: 'chapter-1', number: 1 },
  forSaleCount: 0,
  views: 0,
  originalLanguage: 'en',
  language: 'en',
  editions: [],
};
const place = (over: object) => ({ page: null, position: null, completed: false, readAt: '2026-01-01T00:00:00.000Z', ...over });

function serve(user: typeof readerUser | null, progress?: object) {
  mockApi({
    [ROUTES.verify.path]: verifyAs(user),
    [fillPath(ROUTES.series.path, { slug: 'lantern' })]: () => Response.json({ success: true, data: series }),
    [fillPath(ROUTES.seriesProgress.path, { seriesId: SERIES_ID })]: () => Response.json({ success: true, data: progress }),
  });
}
const renderSeries = () => renderRoutes([{ path: '/SeriesView/:seriesSlug', element: <SeriesPage /> }], '/SeriesView/lantern');
const row = (number: number) => screen.getByRole('link', { name: new RegExp(`^Chapter ${number}(?!\\d)`) }).closest('li')!;

describe('the series page and the reader’s progress', () => {
  it('shows a reader’s read marks, a Continue button where they stopped, and their bookmark', async () => {
    serve(readerUser, {
      chapters: { [chapterId(1)]: place({ completed: true, page: 10 }), [chapterId(2)]: place({ page: 4 }) },
      continue: { chapterSlug: 'chapter-2', chapterNumber: 2, page: 4, position: 0.3 },
      bookmarked: true,
    });
    renderSeries();
    const resume = await screen.findByRole('link', { name: 'Continue chapter 2' });
    expect(resume).toHaveAttribute('href', '/SeriesView/lantern/chapter-2');
    expect(screen.queryByRole('link', { name: 'First chapter' })).toBeNull();
    expect(row(1)).toHaveAttribute('data-read', 'true');
    expect(within(row(1)).getByTestId('read-mark')).toHaveTextContent('Read');
    expect(row(2)).toHaveTextContent('Reading');
    expect(row(3)).not.toHaveAttribute('data-read');
    expect(screen.getByRole('button', { name: 'Bookmarked', pressed: true })).toBeEnabled();
  });

  it('offers the first chapter before anything was read', async () => {
    serve(readerUser, { chapters: {}, continue: null, bookmarked: false });
    renderSeries();
    expect(await screen.findByRole('link', { name: 'First chapter' })).toHaveAttribute('href', '/SeriesView/lantern/chapter-1');
    expect(await screen.findByRole('button', { name: 'Bookmark', pressed: false })).toBeEnabled();
  });

  it('gives a visitor the same, from this browser, and asks them to log in to bookmark', async () => {
    saveLocalProgress(null, chapterId(1), SERIES_ID, { position: 1 });
    saveLocalProgress(null, chapterId(2), SERIES_ID, { position: 1 });
    saveLocalProgress(null, chapterId(9), 'another-series', { position: 1 });
    serve(null);
    renderSeries();
    // Chapter 2 read to its end: Continue goes on to chapter 3, from its start.
    expect(await screen.findByRole('link', { name: 'Continue chapter 3' })).toHaveAttribute(
      'href',
      '/SeriesView/lantern/chapter-3',
    );
    expect(row(1)).toHaveAttribute('data-read', 'true');
    expect(row(2)).toHaveAttribute('data-read', 'true');
    expect(row(3)).not.toHaveAttribute('data-read');
    expect(screen.getByRole('link', { name: 'Log in to bookmark' })).toHaveAttribute('href', '/login');
  });
});
