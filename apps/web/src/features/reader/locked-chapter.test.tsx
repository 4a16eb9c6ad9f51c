import type { ChapterAccess, ChapterContent, ChapterSummary, SessionUser } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, readerUser, renderRoutes, verifyAs, type TestUser } from '../../../test/render';
import { seriesChaptersAnswer } from '../../../test/series-chapters';
import { Toaster } from '../../components/toast/toaster';
import { SESSION_QUERY_KEY } from '../../lib/auth/session-query';
import { AUTO_UNLOCK_SERIES_KEY } from '../../lib/wallet/auto-unlock-series';
import { formatDate } from '../../lib/time';
import ReaderPage, { chapterOptionLabel } from './reader-page';
import { formattersFor } from '../../lib/i18n/format';
import { loadI18n } from '../../lib/i18n/i18n';
import type { Translate } from '../../lib/i18n/i18n-context';

const english = await loadI18n('en');
const t: Translate = (id, values) => english._(id, values as never);
const format = formattersFor(t, 'en');

const PUB = '/api/public/omegascans/public';
const ME = '/api/omegascans/secure/me';
const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const chapterId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const IN_TWO_DAYS = new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString();

const summary = (number: number, access: ChapterAccess = 'free'): ChapterSummary => ({
  id: chapterId(number),
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: access === 'free' ? 0 : 30,
  freeAt: access === 'early_access' ? IN_TWO_DAYS : null,
  access,
  openUntil: null,
  language: 'en',
  fallback: false,
});

const page = (n: number) => ({ id: chapterId(100 + n), url: `/media/pages/c/${n}.webp?exp=1&sig=x`, width: 800, height: 1200 });

/** The series: chapter 1 free, chapters 2–13 locked at 30 coins each. */
const seriesChapters = (unlocked: number[] = []) =>
  [
    summary(1),
    ...Array.from({ length: 12 }, (_, i) => summary(i + 2, unlocked.includes(i + 2) ? 'unlocked' : 'locked')),
  ].reverse();

function lockedComic(access: ChapterAccess = 'locked', over: Partial<ChapterContent> = {}): ChapterContent {
  const chapters = seriesChapters();
  return {
    series: { id: SERIES_ID, slug: 'lantern', title: 'The Lantern Keeper', type: 'comic', cover: null },
    chapter: summary(2, access),
    canRead: false,
    isPreview: true,
    pageCount: 4,
    pages: [page(1), page(2)],
    content: null,
    previous: { slug: 'chapter-1', number: 1, title: '' },
    next: { slug: 'chapter-3', number: 3, title: '' },
    chapters,
    chapterCount: chapters.length,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
    ...over,
  };
}

const openComic = (): ChapterContent => ({
  ...lockedComic(),
  chapter: summary(2, 'unlocked'),
  canRead: true,
  isPreview: false,
  pages: [1, 2, 3, 4].map(page),
});

interface Served {
  user?: TestUser | null;
  chapter?: ChapterContent;
  /** What the chapter answers once unlocked. */
  afterUnlock?: ChapterContent;
  coinsAfter?: number;
  unlockStatus?: number;
  /** The series this reader has auto-unlock on for. */
  autoUnlockSeries?: string[];
}

/** The reader's endpoints, counting the unlock calls and their bodies. */
function serve({
  user = null,
  chapter = lockedComic(),
  afterUnlock = openComic(),
  coinsAfter = 90,
  unlockStatus = 200,
  autoUnlockSeries = [],
}: Served) {
  let isUnlocked = false;
  let seriesOn = [...autoUnlockSeries];
  const calls = {
    unlock: 0,
    unlockBodies: [] as unknown[],
    bulk: [] as string[][],
    settings: [] as unknown[],
    seriesOff: 0,
    passAlerts: 0,
  };
  const fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(user),
    [`${PUB}/series/lantern/chapters/chapter-2`]: () =>
      Response.json({ success: true, data: isUnlocked ? afterUnlock : chapter }),
    [`${PUB}/series/lantern/chapters`]: (_init, url) => seriesChaptersAnswer(seriesChapters(isUnlocked ? [2] : []), url),
    [`${ME}/auto-unlock/series`]: () =>
      Response.json({
        success: true,
        data: {
          items: seriesOn.map((seriesId) => ({
            seriesId,
            slug: 'lantern',
            title: 'The Lantern Keeper',
            since: '2026-01-01T00:00:00.000Z',
          })),
        },
      }),
    [`GET ${ME}/series/${SERIES_ID}/notify-when-pass`]: () =>
      Response.json({ success: true, data: { seriesId: SERIES_ID, notify: calls.passAlerts > 0, at: null } }),
    [`PUT ${ME}/series/${SERIES_ID}/notify-when-pass`]: () => {
      calls.passAlerts += 1;
      return Response.json({ success: true, data: { seriesId: SERIES_ID, notify: true, at: IN_TWO_DAYS } });
    },
    [`DELETE ${ME}/auto-unlock/series/${SERIES_ID}`]: () => {
      calls.seriesOff += 1;
      seriesOn = seriesOn.filter((id) => id !== SERIES_ID);
      return Response.json({ success: true, data: { seriesId: SERIES_ID, autoUnlock: false } });
    },
    [`POST ${ME}/chapters/${chapterId(2)}/unlock`]: (init) => {
      calls.unlock += 1;
      calls.unlockBodies.push(init?.body ? JSON.parse(String(init.body)) : null);
      if (unlockStatus !== 200) {
        return Response.json(
          { success: false, message: 'Not enough coins', error: { code: 'insufficient_coins', message: 'Not enough coins' } },
          { status: unlockStatus },
        );
      }
      isUnlocked = true;
      const method = (calls.unlockBodies.at(-1) as { method?: string } | null)?.method ?? 'coins';
      return Response.json({
        success: true,
        data: {
          chapterId: chapterId(2),
          method,
          charged: method === 'coins' ? 30 : 0,
          coins: coinsAfter,
          openUntil: method === 'coins' ? null : afterUnlock.openUntil,
        },
      });
    },
    [`POST ${ME}/series/${SERIES_ID}/unlock`]: (init) => {
      const { chapterIds } = JSON.parse(String(init?.body)) as { chapterIds: string[] };
      calls.bulk.push(chapterIds);
      isUnlocked = true;
      return Response.json({ success: true, data: { chapterIds, charged: chapterIds.length * 30, coins: coinsAfter } });
    },
    [`PATCH ${ME}/store-settings`]: (init) => {
      const body = JSON.parse(String(init?.body)) as { autoUnlock: boolean };
      calls.settings.push(body);
      return Response.json({ success: true, data: body });
    },
  });
  return { calls, fetchMock };
}

const renderReader = ({ strict = false } = {}) =>
  renderRoutes(
    [
      {
        path: '/SeriesView/:seriesSlug/:chapterSlug',
        element: (
          <>
            {strict ? (
              <StrictMode>
                <ReaderPage />
              </StrictMode>
            ) : (
              <ReaderPage />
            )}
            <Toaster />
          </>
        ),
      },
    ],
    '/SeriesView/lantern/chapter-2',
  );

const sessionCoins = (client: ReturnType<typeof renderReader>['queryClient']) =>
  client.getQueryData<SessionUser | null>(SESSION_QUERY_KEY)?.coins;

beforeEach(() => localStorage.clear());

describe('the lock panel', () => {
  it('shows a visitor the preview pages, the price and a way to log in, and no unlock', async () => {
    serve({});
    renderReader();
    const preview = await screen.findByTestId('chapter-preview');
    expect(within(preview).getByText('Preview — 2 of 4 pages')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Page 1 of 4', 'Page 2 of 4']);
    // The panel's code is a chunk of its own (reader-parts.tsx).
    const panel = await screen.findByTestId('lock-panel');
    expect(within(panel).getByRole('heading', { name: 'Premium chapter' })).toBeInTheDocument();
    expect(within(panel).getByText('30 coins')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    // Signing up keeps the chapter (issue 33 §4).
    expect(within(panel).getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/register?next=%2FSeriesView%2Flantern%2Fchapter-2',
    );
    expect(within(panel).getByRole('link', { name: 'Subscribe for premium' })).toHaveAttribute('href', '/buy/subscriptions');
    expect(within(panel).queryByRole('button', { name: 'Unlock chapter' })).toBeNull();
    expect(within(panel).queryByRole('checkbox')).toBeNull();
    expect(within(panel).queryByTestId('bulk-unlock')).toBeNull();
  });

  it('shows a novel’s preview text fading out before the panel', async () => {
    serve({
      chapter: lockedComic('locked', {
        series: { id: SERIES_ID, slug: 'lantern', title: 'Willowmere', type: 'novel', cover: null },
        pages: [],
        pageCount: 0,
        content: '<p>The quietest town.</p>',
      }),
    });
    renderReader();
    const preview = await screen.findByTestId('chapter-preview');
    expect(within(preview).getByText('Preview — the beginning of the chapter')).toBeInTheDocument();
    const text = within(preview).getByTestId('novel-text');
    expect(text).toHaveTextContent('The quietest town.');
    expect(text.className).toMatch(/mask-b-from/);
  });

  it('confirms, unlocks, shows the new balance at once and opens the chapter', async () => {
    const { calls } = serve({ user: readerUser, coinsAfter: 90 });
    const { queryClient } = renderReader();
    const panel = await screen.findByTestId('lock-panel');
    expect(within(panel).getByTestId('lock-balance')).toHaveTextContent('120 coins');
    expect(within(panel).queryByRole('link', { name: 'Subscribe for premium' })).toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock chapter' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock Chapter 2 for 30 coins?' });
    expect(dialog).toHaveTextContent('Your balance after: 90 coins');
    expect(calls.unlock).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    const strip = await screen.findByTestId('strip-reader');
    expect(within(strip).getAllByRole('img')).toHaveLength(4);
    expect(calls.unlock).toBe(1);
    expect(sessionCoins(queryClient)).toBe(90);
    expect(screen.queryByTestId('lock-panel')).toBeNull();
    expect(await screen.findByText('Unlocked for 30 coins', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('cancelling the confirmation spends nothing', async () => {
    const { calls } = serve({ user: readerUser });
    renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock chapter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.unlock).toBe(0);
  });

  it('sends a reader short of coins to the store, with the way back and the chapter to unlock', async () => {
    serve({ user: { ...readerUser, coins: 12 } });
    renderReader();
    const panel = await screen.findByTestId('lock-panel');
    expect(within(panel).getByTestId('lock-balance')).toHaveTextContent('12 coins');
    expect(within(panel).queryByRole('button', { name: 'Unlock chapter' })).toBeNull();
    expect(within(panel).getByText(/You need 18 more coins/)).toBeInTheDocument();
    const link = within(panel).getByRole('link', { name: 'Get coins' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/buy/coins');
    expect(href.searchParams.get('returnTo')).toBe('/SeriesView/lantern/chapter-2');
    expect(href.searchParams.get('unlock')).toBe(chapterId(2));
  });

  it('tells a reader whose balance was behind the server’s to get coins (402), by its code', async () => {
    serve({ user: readerUser, unlockStatus: 402 });
    renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock chapter' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('You do not have enough coins for this any more.');
    expect(within(alert).getByRole('link', { name: 'Get coins' })).toHaveAttribute(
      'href',
      expect.stringContaining('/buy/coins?'),
    );
  });

  it('counts down to an early-access chapter’s free date beside its price, ticking', async () => {
    serve({ user: readerUser, chapter: lockedComic('early_access') });
    renderReader();
    const panel = await screen.findByTestId('lock-panel');
    expect(within(panel).getByRole('heading', { name: 'Early access chapter' })).toBeInTheDocument();
    const price = within(panel).getByTestId('lock-price');
    expect(price).toHaveTextContent('30 coins');
    expect(price.nextElementSibling).toHaveTextContent(/^Free in 2d 0[01]:[0-5]\d:\d\d$/);
    const timer = within(panel).getByRole('timer');
    const before = timer.textContent;
    await waitFor(() => expect(timer.textContent).not.toBe(before), { timeout: 2500 });
  });
});

describe('auto-unlock', () => {
  it('unlocks once on opening (even under StrictMode), with a toast, when the reader chose it and has the coins', async () => {
    const { calls } = serve({ user: { ...readerUser, autoUnlock: true }, coinsAfter: 90 });
    const { queryClient } = renderReader({ strict: true });
    expect(await screen.findByText('Unlocked for 30 coins', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    expect(calls.unlock).toBe(1);
    expect(sessionCoins(queryClient)).toBe(90);
  });

  it('does nothing without the coins, or for a reader who has not chosen it', async () => {
    const short = serve({ user: { ...readerUser, coins: 10, autoUnlock: true } });
    const { unmount } = renderReader();
    expect(await screen.findByRole('link', { name: 'Get coins' })).toBeInTheDocument();
    expect(short.calls.unlock).toBe(0);
    unmount();

    const off = serve({ user: readerUser });
    renderReader();
    expect(await screen.findByRole('button', { name: 'Unlock chapter' })).toBeInTheDocument();
    expect(off.calls.unlock).toBe(0);
  });

  it('is switched on from the panel (saved, in the session), without spending on the chapter already open', async () => {
    const { calls } = serve({ user: readerUser });
    const { queryClient } = renderReader();
    const box = await screen.findByRole('checkbox', { name: 'Unlock automatically when I open a chapter' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() => expect(calls.settings).toEqual([{ autoUnlock: true }]));
    await waitFor(() => expect(box).toBeChecked());
    expect(queryClient.getQueryData<SessionUser>(SESSION_QUERY_KEY)?.autoUnlock).toBe(true);
    expect(calls.unlock).toBe(0);
  });
});

describe('auto-unlock for one series', () => {
  it('is offered while unlocking, and sent with the unlock when ticked', async () => {
    const { calls } = serve({ user: readerUser });
    renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock chapter' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock Chapter 2 for 30 coins?' });
    const box = within(dialog).getByRole('checkbox', { name: /Unlock the next chapters of The Lantern Keeper automatically/ });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await screen.findByTestId('strip-reader');
    expect(calls.unlockBodies).toEqual([{ autoUnlockSeries: true }]);
  });

  it('sends nothing of the kind when left unticked', async () => {
    const { calls } = serve({ user: readerUser });
    renderReader();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlock chapter' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    await screen.findByTestId('strip-reader');
    expect(calls.unlockBodies).toEqual([null]);
  });

  it('unlocks a chapter of that series on opening, once', async () => {
    const { calls } = serve({ user: readerUser, autoUnlockSeries: [SERIES_ID], coinsAfter: 90 });
    renderReader({ strict: true });
    expect(await screen.findByText('Unlocked for 30 coins', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.unlock).toBe(1);
  });

  it('waits for a list being asked again: the series turned on a moment ago counts', async () => {
    // The list in memory is an old one without the series (its refetch was cancelled as the
    // reader left the chapter they unlocked it on); the server's has it.
    const { calls } = serve({ user: readerUser, autoUnlockSeries: [SERIES_ID], coinsAfter: 90 });
    renderRoutes((client) => {
      client.setQueryData(AUTO_UNLOCK_SERIES_KEY, { items: [] }, { updatedAt: 0 });
      return [
        {
          path: '/SeriesView/:seriesSlug/:chapterSlug',
          element: (
            <>
              <ReaderPage />
              <Toaster />
            </>
          ),
        },
      ];
    }, '/SeriesView/lantern/chapter-2');
    expect(await screen.findByText('Unlocked for 30 coins', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(calls.unlock).toBe(1);
  });

  it('is not applied to another series', async () => {
    const { calls } = serve({ user: readerUser, autoUnlockSeries: ['00000000-0000-4000-8000-0000000000bb'] });
    renderReader();
    expect(await screen.findByRole('button', { name: 'Unlock chapter' })).toBeInTheDocument();
    expect(screen.queryByTestId('series-auto-unlock')).toBeNull();
    expect(calls.unlock).toBe(0);
  });

  it('says so on the panel of a chapter the reader cannot afford, with a way to turn it off', async () => {
    const { calls } = serve({ user: { ...readerUser, coins: 10 }, autoUnlockSeries: [SERIES_ID] });
    renderReader();
    const note = await screen.findByTestId('series-auto-unlock');
    expect(note).toHaveTextContent('Chapters of The Lantern Keeper unlock automatically when you have the coins.');
    fireEvent.click(within(note).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByTestId('series-auto-unlock')).toBeNull());
    expect(calls.seriesOff).toBe(1);
    expect(calls.unlock).toBe(0);
  });
});

describe('the ladder of free ways (issue 22 §1)', () => {
  const HOUR = 3_600_000;
  const withOffers = (offers: ChapterContent['offers']) => lockedComic('locked', { offers });
  const rented = { ...openComic(), openUntil: new Date(Date.now() + 72 * HOUR).toISOString() };

  it('opens the chapter with the pass when it is ready, and says until when', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const { calls } = serve({
      user: readerUser,
      chapter: withOffers([{ type: 'wait_pass', availableAt: past }, { type: 'coins', price: 30 }, { type: 'plan' }]),
      afterUnlock: rented,
      coinsAfter: 120,
    });
    renderReader();
    const offer = await screen.findByTestId('offer-wait_pass');
    expect(offer).toHaveTextContent('Free with your pass now');
    fireEvent.click(within(offer).getByRole('button', { name: 'Use my pass' }));
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    expect(calls.unlockBodies).toEqual([{ method: 'wait_pass' }]);
    expect(screen.getByTestId('open-until')).toHaveTextContent('Open for you until');
    expect(await screen.findByText(/^Open until /, {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('tells a visitor the pass is a reader’s, never “your pass”, and how to get one', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    serve({ chapter: withOffers([{ type: 'wait_pass', availableAt: past }, { type: 'coins', price: 30 }, { type: 'plan' }]) });
    renderReader();
    const offer = await screen.findByTestId('offer-wait_pass');
    expect(offer).toHaveTextContent('Free now with a reader’s pass');
    expect(offer).not.toHaveTextContent('your pass');
    expect(offer).toHaveTextContent('Free with an account: create one or log in below.');
  });

  it('lets a reader keep a rented chapter for good at its price (issue 32)', async () => {
    const { calls } = serve({ user: readerUser, chapter: rented, afterUnlock: openComic(), coinsAfter: 70 });
    renderReader();
    await screen.findByTestId('open-until');
    // The line is drawn at once; its button works once the buying's own chunk is here (rental-notice.tsx).
    const keep = () => within(screen.getByTestId('open-until')).getByRole('button', { name: 'Keep it · 30 coins' });
    await waitFor(() => expect(keep()).toBeEnabled());
    fireEvent.click(keep());
    await waitFor(() => expect(screen.queryByTestId('open-until')).toBeNull());
    expect(calls.unlockBodies).toEqual([{ method: 'coins' }]);
    expect(await screen.findByText('This chapter is yours to keep')).toBeInTheDocument();
  });

  it('says when a recharging pass is back, with a way to be told, and a daily free already used', async () => {
    const later = new Date(Date.now() + 52 * HOUR - 60_000).toISOString();
    const tonight = new Date(Date.now() + 5 * HOUR - 60_000).toISOString();
    const { calls } = serve({
      user: readerUser,
      chapter: withOffers([
        { type: 'wait_pass', availableAt: later },
        { type: 'daily_free', availableAt: tonight },
        { type: 'coins', price: 30 },
        { type: 'plan' },
      ]),
    });
    renderReader();
    const pass = await screen.findByTestId('offer-wait_pass');
    expect(pass).toHaveTextContent('Pass recharges in 2 d 4 h');
    expect(screen.getByTestId('offer-daily_free')).toHaveTextContent('Next free chapter in 5 h');
    expect(within(pass).queryByRole('button', { name: 'Use my pass' })).toBeNull();
    const notify = await within(pass).findByRole('button', { name: 'Notify me' });
    await waitFor(() => expect(notify).toBeEnabled());
    fireEvent.click(notify);
    await waitFor(() => expect(notify).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.passAlerts).toBe(1);
    expect(calls.unlock).toBe(0);
  });

  it('puts the free way first and largest, with how long it opens the chapter; the coin unlock second; the rest quieter', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    serve({
      user: readerUser,
      chapter: lockedComic('locked', {
        series: {
          id: SERIES_ID,
          slug: 'lantern',
          title: 'The Lantern Keeper',
          type: 'comic',
          cover: null,
          freeLadder: { waitPassHours: 24, dailyFree: false, rentalHours: 72 },
        },
        offers: [{ type: 'wait_pass', availableAt: past }, { type: 'coins', price: 30 }, { type: 'plan' }],
      }),
    });
    renderReader();
    const panel = await screen.findByTestId('lock-panel');
    const offer = within(panel).getByTestId('offer-wait_pass');
    expect(offer).toHaveTextContent('Free with your pass now');
    expect(offer).toHaveTextContent('Opens for 72 h, then locks again');
    const pass = within(offer).getByRole('button', { name: 'Use my pass' });
    const coins = within(panel).getByRole('button', { name: 'Unlock chapter' });
    const checkbox = within(panel).getByRole('checkbox', { name: 'Unlock automatically when I open a chapter' });
    const subscribe = within(panel).getByRole('link', { name: 'Subscribe for premium' });
    const follows = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(pass, coins) && follows(coins, checkbox) && follows(checkbox, subscribe)).toBe(true);
    expect(within(panel).getByTestId('lock-price')).toHaveTextContent('Or keep it for good: 30 coins');
    // The free way is the one filled button; the coin unlock is the quieter look, Premium a link.
    expect(pass.className).toMatch(/bg-emerald-700/);
    expect(coins.className).toMatch(/bg-ink-800/);
    expect(coins.className).not.toMatch(/bg-accent-600/);
    expect(within(panel).getByTestId('lock-more')).toContainElement(subscribe);
  });

  it('keeps the coin unlock first while the pass recharges', async () => {
    serve({
      user: readerUser,
      chapter: withOffers([
        { type: 'wait_pass', availableAt: new Date(Date.now() + 5 * HOUR).toISOString() },
        { type: 'coins', price: 30 },
      ]),
    });
    renderReader();
    const coins = await screen.findByRole('button', { name: 'Unlock chapter' });
    expect(coins.className).toMatch(/bg-accent-600/);
    expect(screen.getByTestId('lock-price')).toHaveTextContent('Unlock for 30 coins');
  });

  it('asks a visitor to create a free account or log in to read free', async () => {
    serve({
      chapter: withOffers([
        { type: 'daily_free', availableAt: new Date().toISOString() },
        { type: 'coins', price: 30 },
      ]),
    });
    renderReader();
    const offer = await screen.findByTestId('offer-daily_free');
    expect(offer).toHaveTextContent('Today’s free chapter');
    expect(offer).toHaveTextContent('Free with an account: create one or log in below.');
    const panel = screen.getByTestId('lock-panel');
    expect(within(panel).getByRole('link', { name: 'Create a free account' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});

describe('bulk unlock on the lock panel', () => {
  it('offers the next 5, the next 10 or all locked chapters from this one, with their totals, and unlocks all at once', async () => {
    const { calls } = serve({ user: { ...readerUser, coins: 400 }, coinsAfter: 40 });
    renderReader();
    const bulk = await screen.findByTestId('bulk-unlock');
    expect(within(bulk).getByRole('radio', { name: 'Next 5, 150 coins' })).toBeChecked();
    expect(within(bulk).getByRole('radio', { name: 'Next 10, 300 coins' })).toBeInTheDocument();
    const all = within(bulk).getByRole('radio', { name: 'All 12, 360 coins' });
    fireEvent.click(all);
    fireEvent.click(within(bulk).getByRole('button', { name: 'Unlock 12 chapters' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock 12 chapters for 360 coins?' });
    expect(dialog).toHaveTextContent('Chapters 2–13, charged once: all of them or none.');
    expect(dialog).toHaveTextContent('Your balance after: 40 coins');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByTestId('strip-reader')).toBeInTheDocument();
    expect(calls.bulk).toEqual([Array.from({ length: 12 }, (_, i) => chapterId(i + 2))]);
    expect(await screen.findByText('Unlocked 12 chapters for 360 coins', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('leads to the store when the choice costs more than the balance', async () => {
    serve({ user: { ...readerUser, coins: 200 } });
    renderReader();
    const bulk = await screen.findByTestId('bulk-unlock');
    expect(within(bulk).getByRole('button', { name: 'Unlock 5 chapters' })).toBeInTheDocument();
    fireEvent.click(within(bulk).getByRole('radio', { name: /^Next 10/ }));
    expect(within(bulk).queryByRole('button', { name: /Unlock/ })).toBeNull();
    expect(within(bulk).getByText('You need 100 more coins for these.')).toBeInTheDocument();
    expect(within(bulk).getByRole('link', { name: 'Get coins for 10 chapters' })).toHaveAttribute(
      'href',
      `/buy/coins?returnTo=${encodeURIComponent('/SeriesView/lantern/chapter-2')}`,
    );
  });
});

describe('the reader’s chapter list', () => {
  it('says each chapter’s state in words: free, unlocked, its price, or its price and free date', async () => {
    serve({ user: readerUser });
    renderReader();
    const picker = await screen.findByRole('combobox', { name: 'Choose a chapter' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'Chapter 3 · 30 coins' })).toBeInTheDocument());
    expect(within(picker).getByRole('option', { name: 'Chapter 1' })).toBeInTheDocument();
  });

  it('names unlocked and early-access chapters with their price and free date', () => {
    expect(chapterOptionLabel(t, format, summary(5, 'unlocked'))).toBe('Chapter 5 · unlocked');
    expect(chapterOptionLabel(t, format, summary(5, 'early_access'))).toBe(
      `Chapter 5 · 30 coins, free ${formatDate(IN_TWO_DAYS)}`,
    );
    expect(chapterOptionLabel(t, format, summary(5, 'locked'))).toBe('Chapter 5 · 30 coins');
    expect(chapterOptionLabel(t, format, { ...summary(5, 'early_access'), freeAt: null })).toBe(
      'Chapter 5 · 30 coins, early access',
    );
    expect(chapterOptionLabel(t, format, summary(5))).toBe('Chapter 5');
  });
});
