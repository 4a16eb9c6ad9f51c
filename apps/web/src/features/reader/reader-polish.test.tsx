import type { ChapterContent } from '@inkwell/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickOpening, mockApi, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';
import { BottomSheet, ChapterListSheet, ComicSettingsPanel } from './reader-parts';
import { COMIC_SETTINGS_KEY, NOVEL_SETTINGS_KEY } from './reader-settings';
import { scrolledThrough } from './components/progress-line';

// Issue 11 §2: immersive mode, where you are, the phone's bottom bar, swipe and double-tap zoom.
const summary = (number: number, access: ChapterContent['chapter']['access'] = 'free') => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: access === 'free' ? 0 : 45,
  freeAt: null,
  access,
  openUntil: null,
  language: 'en',
  fallback: false,
});

function chapter(over: Partial<ChapterContent> = {}): ChapterContent {
  return {
    series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null },
    chapter: summary(2),
    canRead: true,
    isPreview: false,
    pageCount: 3,
    pages: [1, 2, 3].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
    content: null,
    previous: { slug: 'chapter-1', number: 1, title: '' },
    next: { slug: 'chapter-3', number: 3, title: '' },
    chapters: [summary(3, 'locked'), summary(2), summary(1)],
    chapterCount: 3,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
    ...over,
  };
}
const novel = (over: Partial<ChapterContent> = {}) =>
  chapter({
    series: { id: 's1', slug: 'lantern', title: 'Willowmere', type: 'novel', cover: null },
    pages: [],
    content: '<p>The quietest town. <a href="/x">a link</a></p>',
    ...over,
  });

function serve(data: ChapterContent) {
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [`/api/public/omegascans/public/series/lantern/chapters/${data.chapter.slug}`]: () => Response.json({ success: true, data }),
  });
}
const renderReader = (slug = 'chapter-2') =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], `/SeriesView/lantern/${slug}`);

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}
const touch = (x: number, y = 100) => ({ clientX: x, clientY: y });
function swipe(element: Element, fromX: number, toX: number) {
  fireEvent.touchStart(element, { touches: [touch(fromX)] });
  fireEvent.touchEnd(element, { changedTouches: [touch(toX)] });
}
function tap(element: Element, x: number) {
  fireEvent.touchStart(element, { touches: [touch(x)] });
  fireEvent.touchEnd(element, { changedTouches: [touch(x)] });
}

beforeEach(() => {
  localStorage.clear();
  scrollTo(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('immersive reading', () => {
  it('hides the bars when scrolling down and brings them back when scrolling up; F toggles them', async () => {
    serve(chapter());
    renderReader();
    const bar = await screen.findByTestId('reader-bar');
    scrollTo(400);
    scrollTo(600);
    expect(bar).toHaveAttribute('data-hidden', 'true');
    expect(document.documentElement).toHaveAttribute('data-immersive', 'true');
    expect(screen.getByTestId('reader-bottom-bar').className).toContain('translate-y-full');
    scrollTo(500);
    expect(bar).not.toHaveAttribute('data-hidden');
    expect(document.documentElement).not.toHaveAttribute('data-immersive');
    fireEvent.keyDown(window, { key: 'f' });
    expect(bar).toHaveAttribute('data-hidden', 'true');
    fireEvent.keyDown(window, { key: 'f' });
    expect(bar).not.toHaveAttribute('data-hidden');
  });

  it('toggles the bars with a tap on the text, but not on a link in it', async () => {
    serve(novel());
    renderReader();
    const text = await screen.findByTestId('novel-text');
    const bar = screen.getByTestId('reader-bar');
    fireEvent.click(within(text).getByText('a link'));
    expect(bar).not.toHaveAttribute('data-hidden');
    fireEvent.click(text);
    expect(bar).toHaveAttribute('data-hidden', 'true');
    fireEvent.click(text);
    expect(bar).not.toHaveAttribute('data-hidden');
  });

  it('dresses the bars in the novel’s theme', async () => {
    localStorage.setItem(NOVEL_SETTINGS_KEY, JSON.stringify({ theme: 'sepia' }));
    serve(novel());
    renderReader();
    expect((await screen.findByTestId('reader-bar')).className).toContain('bg-[#f4ecd8]/95');
    expect(screen.getByTestId('reader-bottom-bar').className).toContain('bg-[#f4ecd8]/95');
  });
});

describe('where you are', () => {
  it('draws a progress line in the long strip and the novel, not in paged mode', async () => {
    serve(chapter());
    const { unmount } = renderReader();
    expect(await screen.findByRole('progressbar', { name: 'Reading progress' })).toBeInTheDocument();
    unmount();
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
    renderReader();
    await screen.findByTestId('paged-reader');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('measures how far through the chapter the reader is', () => {
    const element = { getBoundingClientRect: () => ({ top: -500, height: 2000 }) } as HTMLElement;
    expect(scrolledThrough(element, 1000)).toBe(0.5);
    expect(scrolledThrough({ getBoundingClientRect: () => ({ top: 200, height: 2000 }) } as HTMLElement, 1000)).toBe(0);
    expect(scrolledThrough({ getBoundingClientRect: () => ({ top: -1500, height: 2000 }) } as HTMLElement, 1000)).toBe(1);
  });

  it('ends the chapter with the next one and its price when it is locked', async () => {
    serve(chapter());
    renderReader();
    const end = await screen.findByTestId('chapter-end');
    expect(end).toHaveTextContent('End of Chapter 2');
    expect(end).toHaveTextContent('Next');
    expect(end).toHaveTextContent('Chapter 3');
    expect(await within(end).findByText(/45 coins/)).toBeInTheDocument();
  });

  it('says the reader is up to date after the newest chapter', async () => {
    serve(chapter({ next: null, chapters: [summary(2), summary(1)], chapterCount: 2 }));
    renderReader();
    expect(await screen.findByTestId('chapter-end')).toHaveTextContent('You are up to date with The Lantern Keeper');
  });
});

describe('on a phone', () => {
  // The sheets' code is fetched as the browser is idle (reader-parts.tsx): here, before the taps, so a busy run does not time out.
  beforeAll(() => Promise.all([BottomSheet.preload(), ChapterListSheet.preload(), ComicSettingsPanel.preload()]));

  it('lists a long series’ chapters around the one being read, and links to all of them', async () => {
    serve(chapter({ chapterCount: 250 }));
    renderReader();
    const bar = await screen.findByTestId('reader-bottom-bar');
    await clickOpening(within(bar).getByRole('button', { name: 'Chapters' }));
    // The list's code is a part of its own (reader-parts.tsx), fetched as it first opens.
    const list = await screen.findByRole('dialog', { name: 'Chapters' });
    expect(within(list).getByRole('link', { name: 'All 250 chapters' })).toHaveAttribute('href', '/SeriesView/lantern');
    expect(within(list).getAllByRole('link')).toHaveLength(4);
  });

  it('has a bottom bar with previous, the chapter list, settings and next', async () => {
    serve(chapter());
    const { router } = renderReader();
    const bar = await screen.findByTestId('reader-bottom-bar');
    await clickOpening(within(bar).getByRole('button', { name: 'Chapters' }));
    // The list's code is a part of its own (reader-parts.tsx), fetched as it first opens.
    const list = await screen.findByRole('dialog', { name: 'Chapters' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Chapter 3 · 45 coins', 'Chapter 2', 'Chapter 1']);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Chapters' })).toBeNull();

    await clickOpening(within(bar).getByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Reading settings' });
    fireEvent.click(await within(settings).findByRole('button', { name: 'Page by page' }));
    expect(await screen.findByTestId('paged-reader')).toBeInTheDocument();
    fireEvent.click(within(settings).getByRole('button', { name: 'Close reading settings' }));

    fireEvent.click(within(bar).getByRole('button', { name: 'Previous chapter' }));
    expect(router.state.location.pathname).toBe('/SeriesView/lantern/chapter-1');
  });

  it('turns pages with a swipe, either way, following the reading direction', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
    serve(chapter());
    renderReader();
    const pageArea = () => screen.getByTestId('paged-reader').firstElementChild!;
    await screen.findByTestId('paged-reader');
    swipe(pageArea(), 300, 100);
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 / 3');
    expect(within(screen.getByTestId('reader-bottom-bar')).getByText('Page 2 / 3')).toBeInTheDocument();
    swipe(pageArea(), 100, 300);
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 / 3');
    // A short or mostly vertical move is not a swipe.
    fireEvent.touchStart(pageArea(), { touches: [touch(300, 100)] });
    fireEvent.touchEnd(pageArea(), { changedTouches: [touch(260, 400)] });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 / 3');
  });

  it('zooms a page with a double tap and back with another; a single tap in the middle hides the bars', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
    serve(chapter());
    renderReader();
    await screen.findByTestId('paged-reader');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const pageArea = () => screen.getByTestId('paged-reader').firstElementChild!;
    tap(pageArea(), 0);
    vi.advanceTimersByTime(100);
    tap(pageArea(), 0);
    expect(screen.getByTestId('zoomed-page')).toBeInTheDocument();
    expect(within(screen.getByTestId('zoomed-page')).getByRole('img')).toHaveStyle({ width: '200%' });
    vi.advanceTimersByTime(1000);
    tap(screen.getByTestId('zoomed-page'), 0);
    vi.advanceTimersByTime(100);
    tap(screen.getByTestId('zoomed-page'), 0);
    expect(screen.queryByTestId('zoomed-page')).toBeNull();
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 / 3');

    // jsdom lays nothing out (every box is 0 wide), so a tap lands "in the middle".
    vi.advanceTimersByTime(1000);
    tap(pageArea(), 0);
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.getByTestId('reader-bar')).toHaveAttribute('data-hidden', 'true');
  });
});

describe('data saver', () => {
  it('asks for the lighter variant of every page once chosen, and remembers it', async () => {
    serve(chapter());
    const { unmount } = renderReader();
    const strip = await screen.findByTestId('strip-reader');
    expect(within(strip).getAllByRole('img')[0]).toHaveAttribute('src', '/media/pages/c/1.webp?exp=1&sig=x');
    await clickOpening(screen.getAllByRole('button', { name: 'Reading settings' })[0]!);
    fireEvent.click(screen.getAllByRole('button', { name: 'Data saver' })[0]!);
    expect(
      within(strip)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual([
      '/media/pages/c/1.webp?exp=1&sig=x&q=saver',
      '/media/pages/c/2.webp?exp=1&sig=x&q=saver',
      '/media/pages/c/3.webp?exp=1&sig=x&q=saver',
    ]);
    // Same size boxes: the lighter image takes the page's place without moving anything.
    expect(within(strip).getAllByRole('img')[0]).toHaveAttribute('width', '800');
    expect(JSON.parse(localStorage.getItem(COMIC_SETTINGS_KEY)!)).toMatchObject({ quality: 'saver' });
    unmount();
    renderReader();
    expect(within(await screen.findByTestId('strip-reader')).getAllByRole('img')[1]).toHaveAttribute(
      'src',
      '/media/pages/c/2.webp?exp=1&sig=x&q=saver',
    );
  });
});

// Issue 33 §3 and §10: paged reading's end as its own step, fit height, focus rings, themes over the whole page.
describe('paged reading and themes', () => {
  const fourPages = () =>
    chapter({
      pageCount: 4,
      pages: [1, 2, 3, 4].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
    });

  it('shows the end of the chapter only after the last page, as its own step, and the next chapter after that', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged' }));
    serve(fourPages());
    const { router } = renderReader();
    expect(await screen.findByTestId('page-indicator')).toHaveTextContent('Page 1 / 4');
    expect(screen.queryByTestId('chapter-end')).toBeNull();
    expect(screen.queryByTestId('chapter-end-matter')).toBeNull();
    for (const page of [2, 3, 4]) {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
      expect(screen.getByTestId('page-indicator')).toHaveTextContent(`Page ${page} / 4`);
      expect(screen.queryByTestId('chapter-end')).toBeNull();
    }
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('chapter-end')).toHaveTextContent('End of Chapter 2');
    expect(screen.getByTestId('chapter-end-matter')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Page \d of 4/ })).toBeNull();
    expect(within(screen.getByTestId('reader-bottom-bar')).getByText('End of chapter')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/SeriesView/lantern/chapter-2');

    // Back to the last page, and on again: past the end, the next chapter.
    fireEvent.click(screen.getByRole('button', { name: /Back to page 4/ }));
    expect(screen.getByRole('img', { name: 'Page 4 of 4' })).toBeInTheDocument();
    expect(screen.queryByTestId('chapter-end')).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(router.state.location.pathname).toBe('/SeriesView/lantern/chapter-3');
  });

  it('fits a page by height from the bars’ room, and its tap zones never take focus or draw a ring', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged', fit: 'height' }));
    serve(fourPages());
    renderReader();
    const image = await screen.findByRole('img', { name: 'Page 1 of 4' });
    expect(image.style.width).toContain('var(--reader-top');
    expect(image.style.width).toContain('var(--reader-bottom');
    expect(image.className).not.toContain('object-contain');
    for (const zone of screen.getAllByRole('button', { name: /^(Next page|Previous page|Show or hide the bars)$/ })) {
      if (!zone.closest('[data-testid="paged-reader"] .relative')) continue;
      expect(zone).toHaveStyle({ outline: 'none' });
      // A click does not move the focus onto the art (the next arrow key would ring it).
      expect(fireEvent.mouseDown(zone)).toBe(false);
    }
  });

  it('lays a novel’s theme over the whole page: the end of the chapter, the comments’ place and the settings panel', async () => {
    localStorage.setItem(NOVEL_SETTINGS_KEY, JSON.stringify({ theme: 'sepia' }));
    serve(novel());
    renderReader();
    const endMatter = await screen.findByTestId('chapter-end-matter');
    const themed = endMatter.closest<HTMLElement>('[data-reader-theme="sepia"]');
    expect(themed).not.toBeNull();
    expect(themed!.style.getPropertyValue('--color-ink-900')).toBe('#efe4cb');
    expect(themed!.style.getPropertyValue('--color-zinc-200')).toBe('#4a3829');
    expect(endMatter.className).not.toContain('bg-ink-950');
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    const panel = await screen.findByRole('dialog', { name: 'Reading settings' });
    expect(panel.closest('[data-reader-theme="sepia"]')).toBe(themed);
  });

  it('keeps comics on the dark page, with the site’s own palette', async () => {
    serve(chapter());
    renderReader();
    const endMatter = await screen.findByTestId('chapter-end-matter');
    expect(endMatter.closest('[data-reader-theme]')).toBeNull();
  });

  it('says how long a novel chapter is under its title', async () => {
    serve(novel({ content: `<h2>Chapter 2</h2><p>${'word '.repeat(460)}</p>` }));
    renderReader();
    const text = await screen.findByTestId('novel-text');
    const stats = within(text).getByTestId('reading-stats');
    expect(stats).toHaveTextContent('462 words · 2 min');
    expect(stats.previousElementSibling).toHaveTextContent('Chapter 2');
  });
});
