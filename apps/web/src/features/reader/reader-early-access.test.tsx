import type { ChapterContent } from '@inkwell/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clickOpening, mockApi, readerUser, renderRoutes, verifyAs } from '../../../test/render';
import ReaderPage from './reader-page';

// Issue 38 §1: a member reads a scheduled chapter early; the reader says when it turns public.

const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const PUBLIC_AT = new Date(NOW + 3 * 86_400_000).toISOString();

const summary = (number: number, earlyAccess: { publicAt: string } | null = null) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: earlyAccess?.publicAt ?? '2026-11-01T00:00:00.000Z',
  price: 0,
  freeAt: null,
  access: earlyAccess ? ('unlocked' as const) : ('free' as const),
  openUntil: null,
  language: 'en',
  fallback: false,
  earlyAccess,
});

const chapter = (current: ReturnType<typeof summary>): ChapterContent => ({
  series: { id: 's1', slug: 'lantern', title: 'The Lantern Keeper', type: 'novel', cover: null },
  chapter: current,
  canRead: true,
  isPreview: false,
  pageCount: 0,
  pages: [],
  content: '<p>The letter nobody else has read yet.</p>',
  previous: current.number > 1 ? { slug: 'chapter-1', number: 1, title: '' } : null,
  next: null,
  chapters: [summary(2, { publicAt: PUBLIC_AT }), summary(1)],
  chapterCount: 2,
  offers: [],
  openUntil: null,
  language: 'en',
  fallback: false,
});

function open(slug: string, answer: ChapterContent) {
  mockApi({
    '/api/proxy/public/verify': verifyAs(readerUser),
    [`/api/public/omegascans/public/series/lantern/chapters/${slug}`]: () => Response.json({ success: true, data: answer }),
  });
  renderRoutes([{ path: '/SeriesView/:seriesSlug/:chapterSlug', element: <ReaderPage /> }], `/SeriesView/lantern/${slug}`);
}

describe('a member’s early chapter in the reader (issue 38 §1)', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('says in the bar when it turns public', async () => {
    open('chapter-2', chapter(summary(2, { publicAt: PUBLIC_AT })));
    expect(await screen.findByText('The letter nobody else has read yet.')).toBeInTheDocument();
    expect(await within(screen.getByTestId('reader-bar')).findByTestId('member-early-access')).toHaveTextContent(
      'Early access · public in 3 days',
    );
  });

  it('says nothing of early access on a chapter everyone reads, and marks the early one in the phone’s chapter list', async () => {
    open('chapter-1', chapter(summary(1)));
    expect(await screen.findByText('The letter nobody else has read yet.')).toBeInTheDocument();
    expect(within(screen.getByTestId('reader-bar')).queryByTestId('member-early-access')).toBeNull();
    await clickOpening(within(screen.getByTestId('reader-bottom-bar')).getByRole('button', { name: 'Chapters' }));
    const early = await screen.findByRole('link', { name: /Chapter 2/ });
    expect(await within(early).findByTestId('member-early-access')).toHaveTextContent('Early access · public in 3 days');
  });
});
