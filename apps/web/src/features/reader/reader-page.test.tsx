import type { ChapterContent } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickOpening, mockApi, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';
import { COMIC_SETTINGS_KEY, NOVEL_SETTINGS_KEY } from './reader-settings';

const summary = (number: number, access: ChapterContent['chapter']['access'] = 'free') => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: access === 'free' ? 0 : 30,
  freeAt: access === 'early_access' ? new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString() : null,
  access,
  openUntil: null,
  language: 'en',
  fallback: false,
});

function comicChapter(over: Partial<ChapterContent> = {}): ChapterContent {
  return {
    series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null },
    chapter: summary(2),
    canRead: true,
    isPreview: false,
    pageCount: 3,
    pages: [1, 2, 3].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 + n })),
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

function serve(chapter: ChapterContent) {
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [`/api/public/omegascans/public/series/lantern/chapters/${chapter.chapter.slug}`]: () =>
      Response.json({ success: true, data: chapter }),
  });
}
const renderReader = (slug = 'chapter-2') =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], `/SeriesView/lantern/${slug}`);

beforeEach(() => localStorage.clear());

describe('comic reader', () => {
  it('reads as a long strip by default: first page eager with high priority, the rest lazy, all with their size', async () => {
    serve(comicChapter());
    renderReader();
    const strip = await screen.findByTestId('strip-reader');
    const images = within(strip).getAllByRole('img');
    expect(images).toHaveLength(3);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[1]).toHaveAttribute('loading', 'lazy');
    expect(images.map((img) => [img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      ['800', '1201'],
      ['800', '1202'],
      ['800', '1203'],
    ]);
  });

  it('turns pages in paged mode with the keyboard, both ways, and remembers the choice', async () => {
    serve(comicChapter());
    const { unmount } = renderReader();
    await clickOpening(await screen.findByRole('button', { name: 'Reading settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Page by page' }));
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 1 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 / 3');
    fireEvent.keyDown(window, { key: 'j' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 / 3');
    fireEvent.keyDown(window, { key: 'k' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 2 / 3');

    fireEvent.click(screen.getByRole('button', { name: 'Right to left' }));
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('Page 3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Fit height' }));
    expect(JSON.parse(localStorage.getItem(COMIC_SETTINGS_KEY)!)).toMatchObject({
      mode: 'paged',
      direction: 'rtl',
      fit: 'height',
    });

    unmount();
    renderReader();
    expect(await screen.findByTestId('paged-reader')).toBeInTheDocument();
  });

  it('ignores a damaged settings entry', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, '{"mode":"sideways"');
    serve(comicChapter());
    renderReader();
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
  });
});

describe('novel reader', () => {
  it('applies the reader’s font (including OpenDyslexic), size, line height, width and theme, and remembers them', async () => {
    serve(
      comicChapter({
        series: { id: 's1', slug: 'lantern', title: 'Willowmere', type: 'novel', cover: null },
        pages: [],
        content: '<p>The quietest town.</p>',
      }),
    );
    renderReader();
    const text = await screen.findByTestId('novel-text');
    expect(text).toHaveTextContent('The quietest town.');
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OpenDyslexic' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sepia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wide' }));
    fireEvent.change(screen.getByLabelText(/Text size/), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText(/Line height/), { target: { value: '2' } });
    expect(text.style.fontFamily).toContain('OpenDyslexic');
    expect(text.style.fontSize).toBe('24px');
    expect(text.style.lineHeight).toBe('2');
    expect(text.style.maxWidth).toBe('920px');
    expect(screen.getByTestId('novel-page')).toHaveAttribute('data-theme', 'sepia');
    expect(JSON.parse(localStorage.getItem(NOVEL_SETTINGS_KEY)!)).toEqual({
      font: 'dyslexic',
      size: 24,
      lineHeight: 2,
      width: 'wide',
      theme: 'sepia',
    });
  });
});

describe('a locked chapter', () => {
  it('shows its price and a live countdown to its free date, and no pages', async () => {
    serve(comicChapter({ chapter: summary(2, 'early_access'), canRead: false, pages: [] }));
    renderReader();
    expect(await screen.findByRole('heading', { name: 'Early access chapter' })).toBeInTheDocument();
    expect(screen.getByText(/30 coins/)).toBeInTheDocument();
    expect(screen.getByTestId('free-countdown').textContent).toMatch(/^2d 0[01]:[05]\d:\d\d$/);
    expect(screen.queryByTestId('strip-reader')).toBeNull();
    // Nothing to download either.
    expect(screen.queryByRole('link', { name: /Download this chapter/ })).toBeNull();
  });
});

describe('downloading a chapter (issue 19 §4)', () => {
  it('offers a readable comic chapter as a CBZ file', async () => {
    serve(comicChapter());
    renderReader();
    const link = await screen.findByRole('link', { name: 'Download this chapter (CBZ)' });
    expect(link).toHaveAttribute('href', '/download/chapters/00000000-0000-4000-8000-000000000002.cbz');
    expect(link).toHaveAttribute('download');
  });
});
