import type { ChapterContent, ReaderSettings } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickOpening, mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';
import { COMIC_SETTINGS_KEY, NOVEL_SETTINGS_KEY, resolveComic, type ComicSettings } from './reader-settings';
import { flushSettings } from './settings-sync';

// Settings that travel (issue 39 §2): each of a comic's mode, direction and fit is the reader's own
// choice for the series, else the series' default, else their general choice (the account's, else
// this device's), else the built-in default.

const general: ComicSettings = { mode: 'strip', direction: 'ltr', fit: 'width', gap: 0, quality: 'full' };

describe('the order a comic setting is resolved in', () => {
  it('takes the general choice when the series has no default and the reader no choice for it', () => {
    expect(
      resolveComic({ ...general, mode: 'paged' }, { id: 's1', readerDefaults: { mode: null, direction: 'ltr' } }),
    ).toMatchObject({ mode: 'paged', fit: 'width' });
  });

  it("takes the series' default over the general choice", () => {
    expect(resolveComic(general, { id: 's1', readerDefaults: { mode: 'paged', direction: 'rtl' } })).toMatchObject({
      mode: 'paged',
      direction: 'rtl',
    });
  });

  it("takes the reader's choice for the series over its default, key by key, and only for that series", () => {
    const settings = { ...general, fit: 'height' as const, series: { s1: { mode: 'strip' as const, direction: null } } };
    expect(resolveComic(settings, { id: 's1', readerDefaults: { mode: 'paged', direction: 'rtl' } })).toMatchObject({
      mode: 'strip',
      direction: 'rtl',
      fit: 'height',
    });
    expect(resolveComic(settings, { id: 's2', readerDefaults: { mode: 'paged', direction: 'ltr' } })).toMatchObject({
      mode: 'paged',
    });
  });

  it('falls back to the built-in defaults, and to the direction alone of an answer from before the defaults', () => {
    expect(resolveComic(general, { id: 's1' })).toMatchObject({ mode: 'strip', direction: 'ltr', fit: 'width' });
    expect(resolveComic(general, { id: 's1', readingDirection: 'rtl' })).toMatchObject({ mode: 'strip', direction: 'rtl' });
  });
});

const summary = {
  id: '00000000-0000-4000-8000-000000000002',
  slug: 'chapter-2',
  number: 2,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free' as const,
  openUntil: null,
  language: 'en',
  fallback: false,
};

function chapter(series: Partial<ChapterContent['series']> = {}): ChapterContent {
  return {
    series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null, ...series },
    chapter: summary,
    canRead: true,
    isPreview: false,
    pageCount: 2,
    pages: [1, 2].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
    content: series.type === 'novel' ? '<p>Words.</p>' : null,
    previous: null,
    next: null,
    chapters: [summary],
    chapterCount: 1,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
  };
}

const SETTINGS = '/api/omegascans/secure/me/reader-settings';
const seriesSettings = (id: string) => `/api/omegascans/secure/me/series/${id}/reader-settings`;

function serve(content: ChapterContent, account?: ReaderSettings) {
  const SERIES_SETTINGS = seriesSettings(content.series.id);
  return mockApi({
    '/api/proxy/public/verify': verifyAs(account ? readerUser : null),
    '/api/public/omegascans/public/series/lantern/chapters/chapter-2': () => Response.json({ success: true, data: content }),
    [`GET ${SETTINGS}`]: () => Response.json({ success: true, data: account }),
    [`PATCH ${SETTINGS}`]: () => Response.json({ success: true, data: account }),
    [`PUT ${SERIES_SETTINGS}`]: () => Response.json({ success: true, data: { mode: 'strip', direction: null, fit: null } }),
    [`DELETE ${SERIES_SETTINGS}`]: () => Response.json({ success: true, data: { mode: null, direction: null, fit: null } }),
  });
}
const renderReader = () =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], '/SeriesView/lantern/chapter-2');
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;

beforeEach(() => localStorage.clear());

describe('a visitor', () => {
  it('opens a series in its default (paged), and their own change is kept for it on this device', async () => {
    const fetchMock = serve(chapter({ readerDefaults: { mode: 'paged', direction: 'ltr' } }));
    renderReader();
    expect(await screen.findByTestId('paged-reader')).toBeInTheDocument();
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    expect(await screen.findByText('For this series')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Long strip' }));
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    expect(stored(COMIC_SETTINGS_KEY)).toMatchObject({ mode: 'strip', series: { s1: { mode: 'strip' } } });
    flushSettings();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('reader-settings'))).toBe(false);

    // Reset: the series' default again.
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByTestId('paged-reader')).toBeInTheDocument();
  });

  it("keeps reading as they chose after 'Use for every series', though the series' default says otherwise", async () => {
    serve(chapter({ readerDefaults: { mode: 'paged', direction: 'ltr' } }));
    renderReader();
    expect(await screen.findByTestId('paged-reader')).toBeInTheDocument();
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Long strip' }));
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Use for every series' }));
    // The general choice is now the strip, and this series does not turn back to its paged default.
    await waitFor(() => expect(stored(COMIC_SETTINGS_KEY)).toMatchObject({ mode: 'strip' }));
    expect(screen.getByTestId('strip-reader')).toBeInTheDocument();
    expect(screen.queryByTestId('paged-reader')).not.toBeInTheDocument();
  });
});

describe('a signed-in reader', () => {
  const account: ReaderSettings = {
    comic: { mode: 'paged', fit: 'height' },
    novel: { theme: 'sepia', size: 22 },
    series: { mode: null, direction: 'rtl', fit: null },
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it("reads with their account's settings and their own choice for the series, made in another browser", async () => {
    serve(chapter(), account);
    renderReader();
    const paged = await screen.findByTestId('paged-reader');
    await waitFor(() => expect(paged).toHaveAttribute('dir', 'rtl'));
    expect(stored(COMIC_SETTINGS_KEY)).toMatchObject({ mode: 'paged', fit: 'height' });
    expect(stored(NOVEL_SETTINGS_KEY)).toMatchObject({ theme: 'sepia', size: 22 });
  });

  it("keeps a change in the panel as the series' choice in their account, and a novel's in the account", async () => {
    // Another series: each is asked of the account once a page load.
    const fetchMock = serve(chapter({ id: 's2' }), account);
    renderReader();
    await screen.findByTestId('paged-reader');
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Long strip' }));
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    // The general choice stays the account's: only this series reads as a strip.
    expect(stored(COMIC_SETTINGS_KEY)).toMatchObject({ mode: 'paged', series: { s2: { mode: 'strip', direction: 'rtl' } } });
    flushSettings();
    const put = (url: unknown, init?: RequestInit) => String(url).includes(seriesSettings('s2')) && init?.method === 'PUT';
    const sent = fetchMock.mock.calls.filter(([url, init]) => put(url, init));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ mode: 'strip' });
  });
});
