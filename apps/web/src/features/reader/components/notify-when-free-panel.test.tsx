import { fillPath, ROUTES, type ChapterAccess, type ChapterContent } from '@inkwell/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SeriesTiersPart } from '../../../components/membership-parts';
import { mockApi, readerUser, renderInApp, verifyAs } from '../../../../test/render';
import { LockedChapter } from '../locked-chapter';

const CHAPTER_ID = '00000000-0000-4000-8000-000000000002';
const IN_TWO_DAYS = new Date(Date.now() + 2 * 86_400_000).toISOString();

const content = (access: ChapterAccess): ChapterContent => ({
  series: {
    id: '00000000-0000-4000-8000-0000000000aa',
    slug: 'lantern',
    title: 'The Lantern Keeper',
    type: 'comic',
    cover: null,
  },
  chapter: {
    id: CHAPTER_ID,
    slug: 'chapter-2',
    number: 2,
    title: '',
    publishedAt: '2026-01-01T00:00:00.000Z',
    price: 30,
    freeAt: access === 'early_access' ? IN_TWO_DAYS : null,
    access,
    openUntil: null,
    language: 'en',
    fallback: false,
  },
  canRead: false,
  isPreview: true,
  pageCount: 4,
  pages: [],
  content: null,
  previous: null,
  next: null,
  chapters: [],
  chapterCount: 1,
  offers: [],
  openUntil: null,
  language: 'en',
  fallback: false,
});

function renderPanel(access: ChapterAccess, user: typeof readerUser | null) {
  mockApi({
    [ROUTES.verify.path]: verifyAs(user),
    [fillPath(ROUTES.notifyWhenFree.path, { chapterId: CHAPTER_ID })]: () =>
      Response.json({ success: true, data: { chapterId: CHAPTER_ID, notify: false } }),
  });
  renderInApp(<LockedChapter data={content(access)} isFresh onFree={() => {}} />);
}

describe('the lock panel’s Notify me when free', () => {
  // The series' tiers at the panel's foot are a part of their own: fetched before, as a browser has them by then.
  beforeAll(() => SeriesTiersPart.preload());

  it('is offered to a signed-in reader on an early-access chapter', async () => {
    renderPanel('early_access', readerUser);
    expect(await screen.findByRole('button', { name: 'Notify me when free' })).toBeInTheDocument();
  });

  it('is not offered on a chapter that will not become free', async () => {
    renderPanel('locked', readerUser);
    await screen.findByText(/Your balance/);
    expect(screen.queryByRole('button', { name: 'Notify me when free' })).not.toBeInTheDocument();
  });

  it('is not offered to a visitor', async () => {
    renderPanel('early_access', null);
    await waitFor(() => expect(screen.getByRole('link', { name: /Log in/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Notify me when free' })).not.toBeInTheDocument();
  });
});
