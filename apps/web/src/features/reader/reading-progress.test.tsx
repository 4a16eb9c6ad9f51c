import { ROUTES, fillPath, type ChapterContent } from '@inkwell/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import { SESSION_QUERY_KEY } from '../../lib/auth/session-query';
import { LOCAL_PROGRESS_KEY, readLocalProgress, saveLocalProgress } from '../../lib/library/local-progress';
import type * as ReaderBarModule from './components/reader-bar';
import ReaderPage from './reader-page';
import { COMIC_SETTINGS_KEY } from './reader-settings';
import { progressFor, scrollPlace } from './use-reading-progress';

/** How often the reader's page is drawn: its bar is drawn with it each time. */
const bar = vi.hoisted(() => ({ draws: 0 }));
vi.mock('./components/reader-bar', async (original) => {
  const module = await original<typeof ReaderBarModule>();
  return {
    ...module,
    ReaderBar: (props: Parameters<typeof module.ReaderBar>[0]) => {
      bar.draws += 1;
      return module.ReaderBar(props);
    },
  };
});

const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const chapterId = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const summary = (number: number) => ({
  id: chapterId(number),
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free' as const,
  openUntil: null,
  language: 'en',
  fallback: false,
});

function comicChapter(over: Partial<ChapterContent> = {}): ChapterContent {
  return {
    series: { id: SERIES_ID, slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null },
    chapter: summary(2),
    canRead: true,
    isPreview: false,
    pageCount: 4,
    pages: [1, 2, 3, 4].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
    content: null,
    previous: { slug: 'chapter-1', number: 1, title: '' },
    next: { slug: 'chapter-3', number: 3, title: '' },
    chapters: [summary(3), summary(2), summary(1)],
    chapterCount: 3,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
    ...over,
  };
}

type Saved = { chapterId: string; body: Record<string, unknown>; keepalive: boolean };

/** The reader's API, recording every progress save. */
function serve(
  options: {
    user?: typeof readerUser | null;
    chapter?: ChapterContent;
    places?: Record<string, unknown>;
    /** The reader's places are answered once this settles (a slow connection). */
    placesArrive?: Promise<void>;
  } = {},
) {
  const chapter = options.chapter ?? comicChapter();
  const saved: Saved[] = [];
  const merged: unknown[] = [];
  mockApi({
    [ROUTES.verify.path]: verifyAs(options.user === undefined ? readerUser : options.user),
    [fillPath(ROUTES.chapter.path, { slug: 'lantern', chapterSlug: chapter.chapter.slug })]: () =>
      Response.json({ success: true, data: chapter }),
    [fillPath(ROUTES.seriesProgress.path, { seriesId: SERIES_ID })]: async () => {
      await options.placesArrive;
      return Response.json({ success: true, data: { chapters: options.places ?? {}, continue: null, bookmarked: false } });
    },
    [`PUT ${fillPath(ROUTES.progressSave.path, { chapterId: chapter.chapter.id })}`]: (init) => {
      // This browser's id (issue 39 §1) goes with every place; place-prompt.test.tsx reads it.
      const { deviceId: _deviceId, ...body } = JSON.parse(String(init?.body)) as Record<string, unknown>;
      saved.push({ chapterId: chapter.chapter.id, body, keepalive: init?.keepalive === true });
      return Response.json({
        success: true,
        data: {
          chapterId: chapter.chapter.id,
          page: null,
          position: null,
          completed: false,
          readAt: new Date().toISOString(),
          ...body,
        },
      });
    },
    [`POST ${ROUTES.progressMerge.path}`]: (init) => {
      merged.push(JSON.parse(String(init?.body)));
      return Response.json({ success: true, data: { merged: 1 } });
    },
  });
  return { saved, merged };
}

const renderReader = (slug = 'chapter-2') =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], `/SeriesView/lantern/${slug}`);
const paged = () => localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
const place = (over: object) => ({ page: null, position: null, completed: false, readAt: '2026-01-01T00:00:00.000Z', ...over });

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('where the reader is, as a place to save', () => {
  it('measures a long strip or a novel by what has gone above the bars, and its end on screen as read', () => {
    expect(scrollPlace({ top: 120, bottom: 4120, height: 4000 }, 800)).toEqual({ position: 0, isAtEnd: false });
    expect(scrollPlace({ top: -1880, bottom: 2120, height: 4000 }, 800)).toEqual({ position: 0.5, isAtEnd: false });
    // The last page fully on screen: read, however much of it sits under the bars.
    expect(scrollPlace({ top: -3250, bottom: 750, height: 4000 }, 800)).toEqual({ position: 1, isAtEnd: true });
  });

  it('saves a page and a position that agree, so either mode resumes there; the last page completes', () => {
    expect(progressFor({ page: 3 }, 10)).toEqual({ page: 3, position: 0.2 });
    expect(progressFor({ page: 10 }, 10)).toEqual({ page: 10, position: 1, completed: true });
    expect(progressFor({ position: 0.55, isAtEnd: false }, 10)).toEqual({ position: 0.55, page: 6 });
    expect(progressFor({ position: 1, isAtEnd: true }, 0)).toEqual({ position: 1, completed: true });
  });
});

describe('reading progress in the reader', () => {
  it('records the opening, resumes a paged comic at the page saved on another device, and completes it on the last page', async () => {
    paged();
    const { saved } = serve({ places: { [chapterId(2)]: place({ page: 3, position: 0.5 }) } });
    renderReader();
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 / 4'));
    expect(saved[0]).toEqual({ chapterId: chapterId(2), body: { completed: false }, keepalive: false });

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 4 / 4');
    // The end is saved at once, not after the pause.
    await waitFor(() => expect(saved.at(-1)?.body).toEqual({ page: 4, position: 1, completed: true }));
  });

  it('saves the page a moment after the reader stops, and what is pending on leaving', async () => {
    paged();
    const { saved } = serve();
    const { unmount } = renderReader();
    await waitFor(() => expect(saved).toHaveLength(1));
    await screen.findByTestId('page-indicator');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(saved.at(-1)?.body).toEqual({ page: 2, position: 0.25 }), { timeout: 3500 });

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(saved).toHaveLength(2);
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    // Leaving the tab sends what was pending, in a request that may outlive the page.
    await waitFor(() =>
      expect(saved.at(-1)).toEqual({ chapterId: chapterId(2), body: { page: 3, position: 0.5 }, keepalive: true }),
    );

    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    unmount();
    await waitFor(() => expect(saved.at(-1)?.body).toEqual({ page: 2, position: 0.25 }));
  });

  it('marks a long strip read when its end comes on screen', async () => {
    const { saved } = serve();
    renderReader();
    const strip = await screen.findByTestId('strip-reader');
    const content = strip.parentElement!;
    let rect = { top: 120, bottom: 4920, height: 4800 };
    vi.spyOn(content, 'getBoundingClientRect').mockImplementation(
      () => ({ ...rect, left: 0, right: 800, width: 800, x: 0, y: rect.top }) as DOMRect,
    );
    await waitFor(() => expect(saved).toHaveLength(1));
    rect = { top: -4100, bottom: 700, height: 4800 };
    await waitFor(() => {
      fireEvent.scroll(window);
      expect(saved.at(-1)?.body).toEqual({ position: 1, page: 4, completed: true });
    });
  });

  it('scrolls a long strip to the saved position', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    serve({ places: { [chapterId(2)]: place({ position: 0.5, page: 3 }) } });
    renderReader();
    const strip = await screen.findByTestId('strip-reader');
    vi.spyOn(strip.parentElement!, 'getBoundingClientRect').mockReturnValue({ top: 200, bottom: 5000, height: 4800 } as DOMRect);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 200 - 120 + 2400 }));
  });

  it('leaves a reader who moved before their place arrived where they went', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    let arrive!: () => void;
    const placesArrive = new Promise<void>((resolve) => (arrive = resolve));
    const { saved } = serve({ places: { [chapterId(2)]: place({ position: 0.5, page: 3 }) }, placesArrive });
    renderReader();
    const strip = await screen.findByTestId('strip-reader');
    // They press End while their place is on its way: the strip's end is on screen.
    vi.spyOn(strip.parentElement!, 'getBoundingClientRect').mockReturnValue({
      top: -4100,
      bottom: 700,
      height: 4800,
      left: 0,
      right: 800,
      width: 800,
      x: 0,
      y: -4100,
    } as DOMRect);
    fireEvent.keyDown(window, { key: 'End' });
    arrive();
    // Their place is followed from where they are (the end: read), and they are not taken back to the middle.
    await waitFor(() => expect(saved.at(-1)?.body).toEqual({ position: 1, page: 4, completed: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps a visitor’s place in the browser, and resumes there', async () => {
    paged();
    const { saved } = serve({ user: null });
    saveLocalProgress(null, chapterId(2), SERIES_ID, { page: 2, position: 0.25 });
    renderReader();
    await waitFor(() => expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 / 4'));
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() =>
      expect(readLocalProgress(null)[chapterId(2)]).toMatchObject({ page: 4, position: 1, completed: true, seriesId: SERIES_ID }),
    );
    expect(saved).toEqual([]);
  });

  it('keeps nothing for the visitor of what a reader reads on the chapter they logged out on (issue 32 §3)', async () => {
    paged();
    const { saved } = serve();
    const { queryClient } = renderReader();
    await waitFor(() => expect(saved).toHaveLength(1));
    await screen.findByTestId('page-indicator');
    // Logged out, the chapter still on screen: whatever is read there is not the visitor's.
    await act(async () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
    });
    // The page has taken the logout in (the session's news reaches it in a later task).
    await screen.findAllByRole('link', { name: 'Log in to bookmark' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 4 / 4');
    await act(async () => {});
    expect(readLocalProgress(null)).toEqual({});
    expect(localStorage.getItem(LOCAL_PROGRESS_KEY)).toBeNull();
    expect(saved).toHaveLength(1);
  });

  it('merges a visitor’s place into the account on signing in, and clears the browser’s copy', async () => {
    saveLocalProgress(null, chapterId(1), SERIES_ID, { position: 1 });
    const { merged } = serve();
    renderReader();
    await waitFor(() => expect(merged).toHaveLength(1));
    expect(merged[0]).toEqual({
      entries: [{ chapterId: chapterId(1), page: null, position: 1, completed: true, readAt: expect.any(String) }],
    });
    await waitFor(() => expect(localStorage.getItem(LOCAL_PROGRESS_KEY)).toBeNull());
  });

  it('draws the reader once as its place is read and followed, when nothing on the page changes (issue 40)', async () => {
    // Nothing saved, then a place in the strip to scroll to: the page drawn stays as it is, so the
    // reader is not drawn again as the place arrives (each drawing is a long task on a phone).
    for (const kept of [undefined, { position: 0.5, page: 3 }]) {
      localStorage.clear();
      if (kept) saveLocalProgress(null, chapterId(2), SERIES_ID, kept);
      const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      serve({ user: null });
      const counted = renderReader();
      const strip = await screen.findByTestId('strip-reader');
      await screen.findAllByRole('link', { name: 'Log in to bookmark' });
      const before = bar.draws;
      // The strip's end is on screen: once its place is followed, the chapter is read, without a scroll.
      vi.spyOn(strip.parentElement!, 'getBoundingClientRect').mockImplementation(
        () => ({ top: -4100, bottom: 700, height: 4800, left: 0, right: 800, width: 800, x: 0, y: -4100 }) as DOMRect,
      );
      await waitFor(() => expect(readLocalProgress(null)[chapterId(2)]).toMatchObject({ position: 1, completed: true }));
      expect(scrollTo).toHaveBeenCalledTimes(kept ? 1 : 0);
      expect(bar.draws - before).toBe(0);
      counted.unmount();
      scrollTo.mockRestore();
    }
  });

  it('keeps nothing for a locked chapter', async () => {
    const { saved } = serve({
      chapter: comicChapter({ canRead: false, pages: [], chapter: { ...summary(2), access: 'locked', price: 30 } }),
    });
    renderReader();
    await screen.findByRole('heading', { name: 'Premium chapter' });
    // A chapter that can be read is recorded as opened by the effects of this render: let them run.
    await act(async () => {});
    expect(saved).toEqual([]);
  });
});
