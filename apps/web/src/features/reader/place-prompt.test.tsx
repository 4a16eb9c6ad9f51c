import { ROUTES, fillPath, type ChapterContent, type DevicePlace } from '@inkwell/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import { isWorthOffering } from './device-places';
import ReaderPage from './reader-page';
import { COMIC_SETTINGS_KEY } from './reader-settings';

// Issue 39 §1: a newer place on another device is offered, never jumped to.

const SERIES_ID = '00000000-0000-4000-8000-0000000000bb';
const CHAPTER_ID = '00000000-0000-4000-8000-000000000021';
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const devicePlace = (over: Partial<DevicePlace>): DevicePlace => ({
  deviceName: 'Chrome on Windows',
  app: 'web',
  page: null,
  position: null,
  updatedAt: ago(HOUR),
  isThisDevice: false,
  ...over,
});

describe('when another device’s place is offered', () => {
  const own = devicePlace({ page: 5, position: 0.2, updatedAt: ago(3 * HOUR), isThisDevice: true });

  it('in paged mode: only a newer place more than one page away', () => {
    expect(isWorthOffering(own, devicePlace({ page: 17 }), 'paged', 20)).toBe(true);
    expect(isWorthOffering(own, devicePlace({ page: 3 }), 'paged', 20)).toBe(true);
    expect(isWorthOffering(own, devicePlace({ page: 6 }), 'paged', 20)).toBe(false);
    expect(isWorthOffering(own, devicePlace({ page: 4 }), 'paged', 20)).toBe(false);
    expect(isWorthOffering(own, devicePlace({ page: 17, updatedAt: ago(4 * HOUR) }), 'paged', 20)).toBe(false);
    // A place kept as a position only (a novel's app, a strip) is read as its page.
    expect(isWorthOffering(own, devicePlace({ position: 0.8 }), 'paged', 20)).toBe(true);
  });

  it('in a novel or a long strip: only a newer place more than 2 % away', () => {
    expect(isWorthOffering(own, devicePlace({ position: 0.43 }), 'scroll', 0)).toBe(true);
    expect(isWorthOffering(own, devicePlace({ position: 0.215 }), 'scroll', 0)).toBe(false);
    expect(isWorthOffering(own, devicePlace({ position: 0.1 }), 'scroll', 0)).toBe(true);
    expect(isWorthOffering(own, devicePlace({ position: 0.43, updatedAt: own.updatedAt }), 'scroll', 0)).toBe(false);
    // A page of a strip is read as its share of the chapter.
    expect(isWorthOffering(own, devicePlace({ page: 10, position: null }), 'scroll', 20)).toBe(true);
  });
});

function comicChapter(): ChapterContent {
  const summary = {
    id: CHAPTER_ID,
    slug: 'chapter-1',
    number: 1,
    title: '',
    publishedAt: '2026-01-01T00:00:00.000Z',
    price: 0,
    freeAt: null,
    access: 'free' as const,
    openUntil: null,
    language: 'en',
    fallback: false,
  };
  return {
    series: { id: SERIES_ID, slug: 'harbour', title: 'Harbour Lights', type: 'comic', cover: null },
    chapter: summary,
    canRead: true,
    isPreview: false,
    pageCount: 20,
    pages: Array.from({ length: 20 }, (_, i) => ({
      id: `p${i}`,
      url: `/media/pages/h/${i}.webp?exp=1&sig=x`,
      width: 800,
      height: 1200,
    })),
    content: null,
    previous: null,
    next: null,
    chapters: [summary],
    chapterCount: 1,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
  } as ChapterContent;
}

/** The reader's API: the merged place at page 17 (KOReader's), this browser's at page 3. */
function serve(places: DevicePlace[]) {
  const saved: Record<string, unknown>[] = [];
  const asked: string[] = [];
  mockApi({
    [ROUTES.verify.path]: verifyAs(readerUser),
    [fillPath(ROUTES.chapter.path, { slug: 'harbour', chapterSlug: 'chapter-1' })]: () =>
      Response.json({ success: true, data: comicChapter() }),
    [fillPath(ROUTES.seriesProgress.path, { seriesId: SERIES_ID })]: () =>
      Response.json({
        success: true,
        data: {
          chapters: { [CHAPTER_ID]: { page: 17, position: null, completed: false, readAt: ago(2 * HOUR) } },
          continue: null,
          bookmarked: false,
        },
      }),
    [fillPath(ROUTES.chapterPlaces.path, { chapterId: CHAPTER_ID })]: (_init, url) => {
      asked.push(String(url));
      return Response.json({ success: true, data: { items: places } });
    },
    [`PUT ${fillPath(ROUTES.progressSave.path, { chapterId: CHAPTER_ID })}`]: (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      saved.push(body);
      return Response.json({
        success: true,
        data: { chapterId: CHAPTER_ID, page: null, position: null, completed: false, readAt: new Date().toISOString(), ...body },
      });
    },
  });
  return { saved, asked };
}

const renderReader = () =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], '/SeriesView/harbour/chapter-1');

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
});
afterEach(() => vi.restoreAllMocks());

describe('the prompt to continue where another device is (issue 39 §1)', () => {
  const here = devicePlace({ deviceName: 'Firefox on Android', page: 3, updatedAt: ago(5 * HOUR), isThisDevice: true });
  const koreader = devicePlace({ deviceName: 'KOReader', app: 'koreader', page: 17, updatedAt: ago(2 * HOUR) });

  it('opens at this browser’s own page, offers the newer one, and Continue there moves and saves', async () => {
    const { saved, asked } = serve([koreader, here]);
    renderReader();
    const prompt = await screen.findByTestId('place-prompt');
    expect(prompt).toHaveTextContent('Continue at page 17 from KOReader · 2h ago');
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 / 20');
    // The browser asks with its own id, and saves with the same one.
    const deviceId = new URL(asked[0]!, 'http://x').searchParams.get('deviceId');
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/);

    fireEvent.click(screen.getByRole('button', { name: 'Continue there' }));
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 17 / 20'));
    expect(screen.queryByTestId('place-prompt')).toBeNull();
    await waitFor(() => expect(saved.at(-1)).toMatchObject({ page: 17, deviceId }));
  });

  it('Stay here keeps the reader where they are and puts the prompt away', async () => {
    serve([koreader, here]);
    renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Stay here' }));
    expect(screen.queryByTestId('place-prompt')).toBeNull();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 / 20');
  });

  it('says nothing when the other place is a page away, or older, or this browser has none', async () => {
    for (const places of [
      [devicePlace({ page: 4 }), here],
      [here, devicePlace({ page: 17, updatedAt: ago(9 * HOUR) })],
      [koreader],
    ]) {
      serve(places);
      const { unmount } = renderReader();
      await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent(/Page (3|17) \/ 20/));
      expect(screen.queryByTestId('place-prompt')).toBeNull();
      unmount();
    }
  });
});
