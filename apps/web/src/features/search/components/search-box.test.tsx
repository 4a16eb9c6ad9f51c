import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderInApp, verifyAs } from '../../../../test/render';
import { SearchBox, SearchPanel } from './search-box';

const TOO_SHORT = 'Please enter at least 3 characters to search.';

const SEARCH = '/api/public/omegascans/public/search/series';
const result = (over: Record<string, unknown>) => ({
  id: 'id-1',
  slug: 'the-lantern-keeper',
  title: 'The Lantern Keeper',
  cover: '/media/covers/x.webp',
  description: 'A city swallowed by night.',
  status: 'ongoing',
  alternativeNames: 'Keeper of Lanterns',
  isAdult: false,
  ...over,
});

let searchHandler: (url: string) => Response;
let fetchMock: ReturnType<typeof mockApi>;
const searchCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith(SEARCH)).map(([url]) => String(url));

// The panel's code, which a page fetches once the browser is idle, is here as the tests type.
beforeAll(() => SearchPanel.preload());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  searchHandler = () => Response.json({ success: true, data: { results: [result({})] } });
  fetchMock = mockApi({
    '/api/proxy/public/verify': verifyAs(null),
    [SEARCH]: (_init, url) => searchHandler(url),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

async function type(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search series' }), { target: { value: text } });
}
/** Moves the (fake) clock on by `ms`. */
async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}
/** Lets the debounce run out and the (mocked) answer arrive and render. */
async function settle() {
  await advance(350);
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
  }
}

describe('the top bar search panel (SPEC §4, §5, §8, §9)', () => {
  it('asks for 3 characters while the text is empty or shorter, without calling the API', async () => {
    renderInApp(<SearchBox />);
    fireEvent.focus(screen.getByRole('searchbox', { name: 'Search series' }));
    expect(screen.getByTestId('search-panel')).toHaveTextContent(TOO_SHORT);
    await type('ab');
    await advance(1000);
    expect(screen.getByTestId('search-panel')).toHaveTextContent('Please enter at least 3 characters to search.');
    await type('  ab   ');
    await advance(1000);
    expect(screen.getByTestId('search-panel')).toHaveTextContent(TOO_SHORT);
    expect(searchCalls()).toEqual([]);
  });

  it('waits 350 ms after the last keystroke, shows loading, then the results linking to /seriesView/{slug}', async () => {
    renderInApp(<SearchBox />);
    await type('lan');
    await type('lant');
    await type('lante');
    expect(screen.getByTestId('search-panel')).toHaveTextContent('Searching for related series...');
    await advance(349);
    expect(searchCalls()).toEqual([]);
    await advance(1);
    await settle();
    expect(searchCalls()).toEqual([`${SEARCH}?q=lante`]);
    const link = screen.getByRole('link', { name: /The Lantern Keeper/ });
    expect(link).toHaveAttribute('href', '/seriesView/the-lantern-keeper');
    expect(link).toHaveTextContent('Ongoing');
    expect(link).toHaveTextContent('Keeper of Lanterns');
  });

  it('marks an adult series with its 18+ badge, and no other', async () => {
    searchHandler = () =>
      Response.json({
        success: true,
        data: { results: [result({}), result({ id: 'id-2', slug: 'dead-air', title: 'Dead Air', isAdult: true })] },
      });
    renderInApp(<SearchBox />);
    await type('air');
    await settle();
    const [lantern, deadAir] = screen.getAllByRole('option');
    expect(lantern).not.toHaveTextContent('18+');
    expect(deadAir).toHaveTextContent('18+');
  });

  it('says so when nothing matches', async () => {
    searchHandler = () => Response.json({ success: true, data: { results: [] } });
    renderInApp(<SearchBox />);
    await type('zzzz');
    await settle();
    expect(screen.getByText('No series found matching your search.')).toBeInTheDocument();
  });

  it('shows the error text when the call fails', async () => {
    searchHandler = () =>
      Response.json({ success: false, message: 'boom', error: { code: 'internal_error', message: 'boom' } }, { status: 500 });
    renderInApp(<SearchBox />);
    await type('lantern');
    await settle();
    expect(screen.getByText('Error searching series. Please try again.')).toBeInTheDocument();
  });

  it('labels all five statuses, shows other values as given and a missing one as Unknown', async () => {
    const statuses = ['ongoing', 'completed', 'hiatus', 'cancelled', 'canceled', 'Season break', null];
    searchHandler = () =>
      Response.json({
        success: true,
        data: { results: statuses.map((status, i) => result({ id: `id-${i}`, slug: `s-${i}`, title: `Series ${i}`, status })) },
      });
    renderInApp(<SearchBox />);
    await type('series');
    await settle();
    screen.getByText('Series 0');
    const labels = screen
      .getAllByRole('option')
      .map((option) => option.querySelector('a')?.lastElementChild?.lastElementChild?.textContent);
    expect(labels).toEqual(['Ongoing', 'Completed', 'Hiatus', 'Cancelled', 'Cancelled', 'Season break', 'Unknown']);
  });

  it('moves through the results with the arrow keys and opens the chosen one with Enter', async () => {
    searchHandler = () =>
      Response.json({
        success: true,
        data: { results: [0, 1].map((i) => result({ id: `id-${i}`, slug: `s-${i}`, title: `Series ${i}` })) },
      });
    const { router } = renderInApp(<SearchBox />);
    const field = screen.getByRole('searchbox', { name: 'Search series' });
    await type('series');
    await settle();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[1]!.id);
    // Past the last result: "See all results", then round to the first.
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option').every((option) => option.getAttribute('aria-selected') === 'false')).toBe(true);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'Enter' });
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/seriesView/s-1');
  });

  it('opens the results page with Enter, or from the panel’s link to every result', async () => {
    const { router } = renderInApp(<SearchBox />);
    const field = screen.getByRole('searchbox', { name: 'Search series' });
    await type('lantern keeper');
    await settle();
    expect(screen.getByRole('link', { name: 'See all results for “lantern keeper”' })).toHaveAttribute(
      'href',
      '/search?q=lantern%20keeper',
    );
    fireEvent.keyDown(field, { key: 'Enter' });
    await act(async () => {});
    expect(router.state.location.pathname + router.state.location.search).toBe('/search?q=lantern%20keeper');
  });

  it('closes on Escape and on a click outside', async () => {
    renderInApp(
      <div>
        <SearchBox />
        <p>outside</p>
      </div>,
    );
    fireEvent.focus(screen.getByRole('searchbox', { name: 'Search series' }));
    expect(screen.getByTestId('search-panel')).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('search-panel')).toBeNull();
    fireEvent.focus(screen.getByRole('searchbox', { name: 'Search series' }));
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByTestId('search-panel')).toBeNull();
  });
});
