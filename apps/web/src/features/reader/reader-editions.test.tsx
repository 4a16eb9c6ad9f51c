import type { ChapterContent } from '@inkwell/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';

// Issue 35 §2: the reader opens a chapter in the edition the series page's link named (`?lang=`),
// says when it is the original instead, and keeps the edition chapter after chapter.

const summary = (number: number, title: string, language: string, fallback: boolean) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title,
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: 'free' as const,
  openUntil: null,
  language,
  fallback,
});

const CHAPTERS = [summary(3, 'The Storm', 'en', true), summary(2, 'La marea', 'es', false), summary(1, 'El faro', 'es', false)];

function novelChapter(number: 2 | 3): ChapterContent {
  const isOriginal = number === 3;
  return {
    series: { id: 's1', slug: 'lantern', title: 'El guardián del farol', type: 'novel', cover: null },
    chapter: CHAPTERS.find((c) => c.number === number)!,
    canRead: true,
    isPreview: false,
    pageCount: 0,
    pages: [],
    content: isOriginal ? '<p>The storm came in at night.</p>' : '<p>La marea subió despacio.</p>',
    previous: { slug: `chapter-${number - 1}`, number: number - 1, title: '' },
    next: number === 2 ? { slug: 'chapter-3', number: 3, title: 'The Storm' } : null,
    chapters: CHAPTERS,
    chapterCount: 3,
    offers: [],
    openUntil: null,
    language: isOriginal ? 'en' : 'es',
    fallback: isOriginal,
  };
}

function serve() {
  const asked: string[] = [];
  const answer = (number: 2 | 3) => (_init: RequestInit | undefined, url: string) => {
    asked.push(`${number}:${new URL(url, 'http://localhost').searchParams.get('lang')}`);
    return Response.json({ success: true, data: novelChapter(number) });
  };
  mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    '/api/public/omegascans/public/series/lantern/chapters/chapter-2': answer(2),
    '/api/public/omegascans/public/series/lantern/chapters/chapter-3': answer(3),
  });
  return asked;
}

beforeEach(() => localStorage.clear());

describe('the reader in an edition', () => {
  it('asks for the edition, keeps it going to the next chapter, and marks a chapter given in the original', async () => {
    const asked = serve();
    const { router } = renderRoutes(
      [{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }],
      '/SeriesView/lantern/chapter-2?lang=es',
    );
    const text = await screen.findByText('La marea subió despacio.');
    expect(text.closest('[lang]')).toHaveAttribute('lang', 'es');
    expect(screen.queryByTestId('original-badge')).toBeNull();
    expect(asked).toEqual(['2:es']);

    fireEvent.click(screen.getAllByRole('button', { name: /Next chapter/ })[0]!);
    await screen.findByText('The storm came in at night.');
    expect(router.state.location.pathname + router.state.location.search).toBe('/SeriesView/lantern/chapter-3?lang=es');
    expect(asked).toContain('3:es');
    expect(screen.getByTestId('original-badge')).toHaveTextContent('Original · English');
    expect(screen.getByText('The storm came in at night.').closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
