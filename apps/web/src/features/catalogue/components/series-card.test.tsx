import type { SeriesCard as Card } from '@inkwell/contract';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SeriesCard } from './series-card';

const PUBLISHED = '2026-07-01T11:59:30.000Z';
const CARD = {
  id: '00000000-0000-4000-8000-0000000000aa',
  slug: 'lantern',
  title: 'The Lantern Keeper',
  type: 'comic',
  status: 'ongoing',
  cover: null,
  latestChapters: [{ slug: 'chapter-3', number: 3, isPremium: true, isEarlyAccess: false, publishedAt: PUBLISHED }],
} as unknown as Card;

const page = () => <RouterProvider router={createMemoryRouter([{ path: '/', element: <SeriesCard series={CARD} /> }])} />;

afterEach(() => vi.useRealTimers());

describe('SeriesCard', () => {
  it('hydrates without an error when the minute turns between the server’s render and the browser’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-01T12:00:00.000Z'));
    const html = renderToString(page());
    expect(html).toContain('just now');

    vi.setSystemTime(new Date('2026-07-01T12:03:00.000Z'));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(), {
        onRecoverableError: (error) => errors.push(error),
        onUncaughtError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    container.remove();
  });

  it('badges a series a reader can read without coins: its pass and its daily free (issue 33 §2)', () => {
    const cardOf = (series: Card) =>
      render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <SeriesCard series={series} /> }])} />);
    const { unmount } = cardOf(CARD);
    expect(screen.queryByText(/Wait ·|Daily free/)).toBeNull();
    unmount();
    cardOf({ ...CARD, freeLadder: { waitPassHours: 168, dailyFree: true, rentalHours: 72 } });
    expect(screen.getByText('Wait · 7 d')).toBeVisible();
    expect(screen.getByText('Daily free')).toBeVisible();
  });

  it('marks a chapter in early access apart from a coins-only one', () => {
    const cardOf = (series: Card) =>
      render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <SeriesCard series={series} /> }])} />);
    const { unmount } = cardOf(CARD);
    expect(screen.getByLabelText('Premium')).toBeInTheDocument();
    expect(screen.queryByLabelText('Early access')).toBeNull();
    unmount();
    cardOf({ ...CARD, latestChapters: [{ ...CARD.latestChapters[0]!, isEarlyAccess: true }] });
    expect(screen.getByLabelText('Early access')).toBeInTheDocument();
    expect(screen.queryByLabelText('Premium')).toBeNull();
  });
});
