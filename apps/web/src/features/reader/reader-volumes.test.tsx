import type { ChapterContent } from '@inkwell/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clickOpening, mockApi, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';
import { COMIC_SETTINGS_KEY } from './reader-settings';

// Issue 37: a chapter's credits under its title, the chapters by volume, and manga read right to left.

const summary = (number: number, volume: number | null = null) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
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
  volume,
});

function comicChapter(over: Partial<ChapterContent> = {}): ChapterContent {
  return {
    series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null, readingDirection: 'ltr' },
    chapter: summary(2, 1),
    canRead: true,
    isPreview: false,
    pageCount: 3,
    pages: [1, 2, 3].map((n) => ({ id: `p${n}`, url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 })),
    content: null,
    previous: { slug: 'chapter-1', number: 1, title: '' },
    next: { slug: 'chapter-3', number: 3, title: '' },
    chapters: [summary(4), summary(3, 2), summary(2, 1), summary(1, 1)],
    chapterCount: 4,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
    credits: [],
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
const renderReader = () =>
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], '/SeriesView/lantern/chapter-2');
const indicator = () => screen.getByTestId('page-indicator');

beforeEach(() => localStorage.clear());

describe('a chapter’s credits', () => {
  it('are said under its title, by role, a linked account by its username', async () => {
    serve(
      comicChapter({
        credits: [
          { role: 'translator', name: 'Ana', userId: '00000000-0000-4000-8000-0000000000f1', username: 'ana_translates' },
          { role: 'writer', name: 'Mira Sol', userId: null, username: null },
          { role: 'artist', name: 'Kenji', userId: null, username: null },
        ],
      }),
    );
    renderReader();
    expect(await screen.findByText('Writer: Mira Sol · Art: Kenji · Translation: ana_translates')).toHaveClass('text-xs');
  });

  it('leave no line when there are none', async () => {
    serve(comicChapter({ credits: [] }));
    renderReader();
    await screen.findByTestId('strip-reader');
    expect(screen.queryByText(/Writer:|Art:|Translation:/)).toBeNull();
  });
});

describe('the reader’s chapter list by volume', () => {
  it('groups the picker’s chapters and the phone’s list by volume', async () => {
    serve(comicChapter());
    renderReader();
    const picker = await screen.findByRole('combobox', { name: 'Choose a chapter' });
    const groups = [...picker.querySelectorAll('optgroup')];
    expect(groups.map((group) => group.label)).toEqual(['No volume', 'Volume 2', 'Volume 1']);
    expect(
      within(groups[2]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Chapter 2', 'Chapter 1']);

    await clickOpening(within(screen.getByTestId('reader-bottom-bar')).getByRole('button', { name: 'Chapters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Chapters' });
    expect(sheet).toHaveTextContent(/No volume.*Chapter 4.*Volume 2.*Chapter 3.*Volume 1.*Chapter 2.*Chapter 1/);
  });

  it('lists the chapters as they are when the series has no volumes', async () => {
    serve(comicChapter({ chapter: summary(2), chapters: [summary(3), summary(2), summary(1)] }));
    renderReader();
    const picker = await screen.findByRole('combobox', { name: 'Choose a chapter' });
    expect(picker.querySelectorAll('optgroup')).toHaveLength(0);
    expect(within(picker).getAllByRole('option')).toHaveLength(3);
  });
});

describe('a series that reads right to left', () => {
  const manga = () =>
    comicChapter({
      series: { id: 's1', slug: 'lantern', title: 'Lantern', type: 'comic', cover: null, readingDirection: 'rtl' },
    });

  it('turns its pages right to left in paged mode: the left arrow and the left side go on', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged', direction: 'ltr' }));
    serve(manga());
    renderReader();
    const paged = await screen.findByTestId('paged-reader');
    expect(paged).toHaveAttribute('dir', 'rtl');
    expect(indicator()).toHaveTextContent('Page 1 / 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(indicator()).toHaveTextContent('Page 2 / 3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(indicator()).toHaveTextContent('Page 1 / 3');
    // The left third of the page is its next page, as a manga's.
    fireEvent.click(within(paged).getAllByRole('button', { name: 'Next page' })[0]!);
    expect(indicator()).toHaveTextContent('Page 2 / 3');
    // The settings say how the series was drawn; its direction is the reader's to change for it
    // (issue 39 §2), and their own general choice is kept for other series.
    await clickOpening(screen.getByRole('button', { name: 'Reading settings' }));
    expect(await screen.findByText('This series reads right to left, as it was drawn.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Right to left' })).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem(COMIC_SETTINGS_KEY)!)).toMatchObject({ direction: 'ltr' });
  });

  it('keeps the long strip as it is', async () => {
    serve(manga());
    renderReader();
    const strip = await screen.findByTestId('strip-reader');
    expect(
      within(strip)
        .getAllByRole('img')
        .map((img) => img.getAttribute('data-page')),
    ).toEqual(['1', '2', '3']);
    expect(strip.closest('[dir="rtl"]')).toBeNull();
  });

  it('leaves a left-to-right series to the reader’s own choice', async () => {
    localStorage.setItem(COMIC_SETTINGS_KEY, JSON.stringify({ mode: 'paged', direction: 'ltr' }));
    serve(comicChapter());
    renderReader();
    expect(await screen.findByTestId('paged-reader')).toHaveAttribute('dir', 'ltr');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(indicator()).toHaveTextContent('Page 2 / 3');
  });
});
