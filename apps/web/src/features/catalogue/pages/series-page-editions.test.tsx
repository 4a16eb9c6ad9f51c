import type { ChapterSummary, SeriesDetail } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import SeriesPage from './series-page';

// Issue 35 §2: a series read in one of its editions, with the original's chapters the edition lacks.

const chapter = (number: number, language: string, fallback: boolean, title = ''): ChapterSummary => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title,
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free',
  openUntil: null,
  language,
  fallback,
});

/** The Lantern Keeper in English (the original) or Spanish, whose edition lacks chapter 3. */
function seriesIn(lang: string | null): SeriesDetail {
  const isSpanish = lang === 'es';
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    slug: 'lantern',
    type: 'novel',
    title: isSpanish ? 'El guardián del farol' : 'The Lantern Keeper',
    alternativeNames: '',
    description: isSpanish ? 'Una luz en la costa.' : 'A light on the coast.',
    status: 'ongoing',
    cover: null,
    author: '',
    artist: '',
    releaseYear: null,
    isAdult: false,
    genres: [],
    chapters: isSpanish
      ? [chapter(3, 'en', true, 'The Storm'), chapter(2, 'es', false, 'La marea'), chapter(1, 'es', false, 'El faro')]
      : [chapter(3, 'en', false, 'The Storm'), chapter(2, 'en', false, 'The Tide'), chapter(1, 'en', false, 'The Lighthouse')],
    chapterCount: 3,
    firstChapter: { slug: 'chapter-1', number: 1 },
    forSaleCount: 0,
    views: 0,
    originalLanguage: 'en',
    language: isSpanish ? 'es' : 'en',
    editions: [
      { language: 'en', title: 'The Lantern Keeper' },
      { language: 'es', title: 'El guardián del farol' },
    ],
  };
}

function serve() {
  const asked: (string | null)[] = [];
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    '/api/public/omegascans/public/series/lantern': (_init, url) => {
      const lang = new URL(url, 'http://localhost').searchParams.get('lang');
      asked.push(lang);
      return Response.json({ success: true, data: seriesIn(lang) });
    },
  });
  return asked;
}

const renderSeries = (path: string) =>
  renderRoutes(
    [
      { path: '/SeriesView/:seriesSlug', element: <SeriesPage /> },
      { path: '/SeriesView/:seriesSlug/:chapterSlug', element: <p>the reader</p> },
    ],
    path,
  );

describe('a series page in an edition', () => {
  it('shows the edition’s title and chapters, and marks a chapter the edition lacks as the original, in English', async () => {
    const asked = serve();
    renderSeries('/SeriesView/lantern?lang=es');
    const heading = await screen.findByRole('heading', { level: 1, name: 'El guardián del farol' });
    expect(heading).toHaveAttribute('lang', 'es');
    expect(asked).toEqual(['es']);
    expect(screen.getByText('Una luz en la costa.')).toHaveAttribute('lang', 'es');

    const stormRow = screen.getByRole('link', { name: /Chapter 3: The Storm/ });
    expect(within(stormRow).getByTestId('original-badge')).toHaveTextContent('Original · English');
    const tideRow = screen.getByRole('link', { name: /Chapter 2: La marea/ });
    expect(within(tideRow).queryByTestId('original-badge')).toBeNull();
    // Each chapter opens in the edition the page is in.
    expect(stormRow).toHaveAttribute('href', '/SeriesView/lantern/chapter-3?lang=es');
    expect(tideRow).toHaveAttribute('href', '/SeriesView/lantern/chapter-2?lang=es');
    expect(screen.getByRole('link', { name: 'First chapter' })).toHaveAttribute('href', '/SeriesView/lantern/chapter-1?lang=es');
  });

  it('names each edition in the page’s language, and its picker moves to another edition', async () => {
    const asked = serve();
    renderSeries('/SeriesView/lantern?lang=es');
    const picker = await screen.findByRole('navigation', { name: 'Editions' });
    const spanish = within(picker).getByRole('link', { name: 'Spanish' });
    expect(spanish).toHaveAttribute('aria-current', 'page');
    expect(spanish).toHaveAttribute('href', '/SeriesView/lantern?lang=es');
    const english = within(picker).getByRole('link', { name: 'English (original)' });
    expect(english).toHaveAttribute('href', '/SeriesView/lantern?lang=en');

    fireEvent.click(english);
    await screen.findByRole('heading', { level: 1, name: 'The Lantern Keeper' });
    expect(asked).toEqual(['es', 'en']);
    expect(screen.queryByTestId('original-badge')).toBeNull();
    expect(screen.getByRole('link', { name: /Chapter 2: The Tide/ })).toHaveAttribute(
      'href',
      '/SeriesView/lantern/chapter-2?lang=en',
    );
  });

  it('leaves the choice to the server when the address names no edition, and shows no picker for a series in one language', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      '/api/proxy/public/verify': verifyAs(null),
      '/api/public/omegascans/public/series/lantern': (_init, url) => {
        asked.push(new URL(url, 'http://localhost').searchParams.get('lang'));
        return Response.json({
          success: true,
          data: { ...seriesIn(null), editions: [{ language: 'en', title: 'The Lantern Keeper' }] },
        });
      },
    });
    renderSeries('/SeriesView/lantern');
    await screen.findByRole('heading', { level: 1, name: 'The Lantern Keeper' });
    expect(asked).toEqual([null]);
    expect(screen.queryByTestId('edition-picker')).toBeNull();
    expect(screen.getByRole('link', { name: /Chapter 2: The Tide/ })).toHaveAttribute('href', '/SeriesView/lantern/chapter-2');
  });
});
