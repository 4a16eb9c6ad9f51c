import type { ChapterSummary, Credit, SeriesDetail } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../../test/render';
import { seriesChaptersAnswer } from '../../../../test/series-chapters';
import SeriesPage from './series-page';

// Issue 37 §2: a series' chapters by volume, its credits and its site on its page.

const chapterId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const chapter = (number: number, volume: number | null): ChapterSummary => ({
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
  volume,
});
/** Chapters 1–3 in volume 1, 4–6 in volume 2, 7–8 in none yet; newest first, as the server sends them. */
const volumeOf = (n: number) => (n <= 3 ? 1 : n <= 6 ? 2 : null);

const credit = (role: Credit['role'], name: string, username: string | null = null): Credit => ({
  role,
  name,
  userId: username ? '00000000-0000-4000-8000-0000000000f1' : null,
  username,
});

function series(over: Partial<SeriesDetail> = {}): SeriesDetail {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    slug: 'lantern',
    type: 'comic',
    title: 'The Lantern Keeper',
    alternativeNames: '',
    description: '',
    status: 'ongoing',
    cover: null,
    author: 'Old Author Field',
    artist: 'Old Artist Field',
    releaseYear: null,
    isAdult: false,
    genres: [],
    chapters: Array.from({ length: 8 }, (_, i) => chapter(8 - i, volumeOf(8 - i))),
    chapterCount: 8,
    firstChapter: { slug: 'chapter-1', number: 1 },
    forSaleCount: 0,
    views: 0,
    originalLanguage: 'en',
    language: 'en',
    editions: [],
    credits: [],
    readingDirection: 'ltr',
    website: '',
    ...over,
  };
}

function serve(data: SeriesDetail, all: ChapterSummary[] = data.chapters) {
  const asked: string[] = [];
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    '/api/public/omegascans/public/series/lantern': () => Response.json({ success: true, data }),
    '/api/public/omegascans/public/series/lantern/chapters': (_init, url) => {
      asked.push(url.split('?')[1] ?? '');
      return seriesChaptersAnswer(all, url);
    },
  });
  return asked;
}

const renderSeries = () => renderRoutes([{ path: '/SeriesView/:seriesSlug', element: <SeriesPage /> }], '/SeriesView/lantern');
const groups = () => screen.getAllByTestId('volume-group');
const summaryOf = (group: HTMLElement) => group.querySelector('summary')!;
const numbersIn = (group: HTMLElement) =>
  within(group)
    .getAllByRole('link')
    .map((link) => link.textContent?.match(/^Chapter (\d+)/)?.[1]);

describe('the series page’s volumes', () => {
  it('groups the chapters by volume, newest first, the chapters in no volume yet on top', async () => {
    serve(series());
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    expect(groups().map((group) => summaryOf(group).textContent)).toEqual(['No volume', 'Volume 2', 'Volume 1']);
    expect(groups().map(numbersIn)).toEqual([
      ['8', '7'],
      ['6', '5', '4'],
      ['3', '2', '1'],
    ]);

    // Oldest first: volume 1 leads, the chapters in no volume come last.
    fireEvent.click(screen.getByRole('button', { name: 'Oldest first' }));
    await waitFor(() => expect(summaryOf(groups()[0]!)).toHaveTextContent('Volume 1'));
    expect(groups().map((group) => summaryOf(group).textContent)).toEqual(['Volume 1', 'Volume 2', 'No volume']);
  });

  it('folds a volume away and opens it again', async () => {
    serve(series());
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    const volume2 = groups()[1]! as HTMLDetailsElement;
    expect(volume2.open).toBe(true);
    fireEvent.click(summaryOf(volume2));
    expect(volume2.open).toBe(false);
    // The others stay open.
    expect((groups()[0] as HTMLDetailsElement).open).toBe(true);
    fireEvent.click(summaryOf(volume2));
    expect(volume2.open).toBe(true);
  });

  it('draws one list when no chapter has a volume', async () => {
    serve(series({ chapters: Array.from({ length: 3 }, (_, i) => chapter(3 - i, null)), chapterCount: 3 }));
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    expect(screen.queryAllByTestId('volume-group')).toEqual([]);
    expect(screen.getByRole('link', { name: /^Chapter 3/ })).toBeInTheDocument();
  });

  it('pages a long series on, the next page’s chapters joining their volume', async () => {
    // 150 chapters, ten to a volume, the newest 5 in none: the series answer holds the newest 100.
    const all = Array.from({ length: 150 }, (_, i) => {
      const n = 150 - i;
      return chapter(n, n > 145 ? null : Math.ceil(n / 10));
    });
    const asked = serve(series({ chapters: all.slice(0, 100), chapterCount: 150 }), all);
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    // Chapters 150–51: no volume, then 15 down to 6 (whose chapters 51–60 are only partly here).
    expect(summaryOf(groups().at(-1)!)).toHaveTextContent('Volume 6');
    expect(numbersIn(groups().at(-1)!)).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more chapters' }));
    await waitFor(() => expect(summaryOf(groups().at(-1)!)).toHaveTextContent('Volume 1'));
    expect(asked).toEqual(['order=desc&lang=en&limit=100&after=51']);
    expect(groups().map((group) => summaryOf(group).textContent)).toEqual([
      'No volume',
      ...Array.from({ length: 15 }, (_, i) => `Volume ${15 - i}`),
    ]);
    expect(numbersIn(groups().at(-1)!)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
  });
});

describe('the series page’s credits and site', () => {
  it('names who made it by role, a linked account by its username, and links the site out', async () => {
    serve(
      series({
        credits: [
          credit('translator', 'Ana', 'ana_translates'),
          credit('writer', 'Mira Sol'),
          credit('artist', 'Kenji'),
          credit('artist', 'Lu'),
        ],
        website: 'https://lantern.example/about',
      }),
    );
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    const credits = screen.getByTestId('series-credits');
    // Roles in their order; the author and artist fields give way to the credits that name those roles.
    expect([...credits.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Writer',
      'Art',
      'Translation',
      'Website',
    ]);
    expect(credits).toHaveTextContent('WriterMira SolArtKenji, LuTranslationana_translates');
    expect(credits).not.toHaveTextContent('Old Author Field');
    const site = within(credits).getByRole('link', { name: 'lantern.example' });
    expect(site).toHaveAttribute('href', 'https://lantern.example/about');
    expect(site).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(site).toHaveAttribute('target', '_blank');
  });

  it('keeps the author and artist fields when there are no credits, and shows no site when there is none', async () => {
    serve(series({ credits: [], website: '' }));
    renderSeries();
    await screen.findByRole('heading', { name: 'The Lantern Keeper', level: 1 });
    const credits = screen.getByTestId('series-credits');
    expect(credits).toHaveTextContent('AuthorOld Author FieldArtistOld Artist Field');
    expect(within(credits).queryByRole('link')).toBeNull();
  });
});
