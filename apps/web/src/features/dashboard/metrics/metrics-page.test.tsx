import { addDays, utcDay } from '@inkwell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes } from '../../../../test/render';
import MetricsPage from './metrics-page';
import { ok, TEAM, teamMetrics } from './test-data';

const renderPage = (path = '/Dashboard/Metrics') =>
  renderRoutes([{ path: '/Dashboard/Metrics', element: <MetricsPage /> }], path);
const today = () => utcDay(new Date());
const askedRanges = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === `${TEAM}/metrics`)
    .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

/** Catches what a CSV button offers for download. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => ((last = blob), 'blob:csv')), revokeObjectURL: vi.fn() }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}
const textOf = async (blob: Blob) => (await blob.text()).replace(/^\uFEFF/, '');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the metrics page', () => {
  it('asks for the last 30 days and shows totals and a table under each chart, every day in it', async () => {
    const fetchMock = mockApi({ [`${TEAM}/metrics`]: ok(teamMetrics()) });
    renderPage();
    expect(await screen.findByRole('table', { name: 'Views per day' }, { timeout: 4000 })).toBeInTheDocument();
    expect(askedRanges(fetchMock)).toEqual([`${addDays(today(), -29)}..${today()}`]);
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByText('Views', { selector: 'dt' }).nextElementSibling).toHaveTextContent('1,235');
    expect(screen.getByText('Unlocks', { selector: 'dt' }).parentElement).toHaveTextContent('Unlocks340 coins');
    expect(rowsOf(screen.getByRole('table', { name: 'Views per day' }))).toEqual([
      ['Day', 'Views'],
      // Newest day first (issue 21 §1); the CSV keeps time's order.
      ['Mar 3, 2025', '35'],
      ['Mar 2, 2025', '0'],
      ['Mar 1, 2025', '1,200'],
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Followers and comments per day' }))[3]).toEqual(['Mar 1, 2025', '4', '7']);
    expect(rowsOf(screen.getByRole('table', { name: 'Top series by views' }))).toEqual([
      ['Series', 'Views'],
      ['The Lantern Keeper', '1,000'],
      ['Salt, "Sea" & Stone', '235'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Top series by views' })).getByRole('link', { name: 'The Lantern Keeper' }),
    ).toHaveAttribute('href', '/SeriesView/lantern');
    expect(rowsOf(screen.getByRole('table', { name: 'Top chapters by views' }))[1]).toEqual([
      'The Lantern Keeper',
      'Chapter 3 · Embers',
      '600',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Unlocks per chapter' }))[1]).toEqual([
      'The Lantern Keeper',
      'Chapter 3 · Embers',
      '3',
      '40',
    ]);
    // Charts are drawn by recharts in a browser; here each keeps its labelled place.
    expect(screen.getByRole('img', { name: 'Views per day' })).toBeInTheDocument();
  });

  it('switches to 7 and 90 days, and to a custom range', async () => {
    const fetchMock = mockApi({ [`${TEAM}/metrics`]: ok(teamMetrics()) });
    const { router } = renderPage();
    await screen.findByRole('table', { name: 'Views per day' }, { timeout: 4000 });

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(askedRanges(fetchMock)).toContain(`${addDays(today(), -6)}..${today()}`));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?days=7');

    fireEvent.click(screen.getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(askedRanges(fetchMock)).toContain(`${addDays(today(), -89)}..${today()}`));

    const custom = screen.getByRole('form', { name: 'Custom range' });
    fireEvent.change(within(custom).getByLabelText('From'), { target: { value: '2025-01-10' } });
    fireEvent.change(within(custom).getByLabelText('To'), { target: { value: '2025-02-09' } });
    fireEvent.click(within(custom).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(askedRanges(fetchMock)).toContain('2025-01-10..2025-02-09'));
    expect(router.state.location.search).toBe('?from=2025-01-10&to=2025-02-09');
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText(/Jan 10, 2025 – Feb 9, 2025 · 31 days/)).toBeInTheDocument();
  });

  it('refuses a custom range that ends before it starts or is over 366 days, asking nothing', async () => {
    const fetchMock = mockApi({ [`${TEAM}/metrics`]: ok(teamMetrics()) });
    renderPage();
    await screen.findByRole('table', { name: 'Views per day' }, { timeout: 4000 });
    const calls = fetchMock.mock.calls.length;
    const custom = screen.getByRole('form', { name: 'Custom range' });
    fireEvent.change(within(custom).getByLabelText('From'), { target: { value: '2025-03-05' } });
    fireEvent.change(within(custom).getByLabelText('To'), { target: { value: '2025-03-01' } });
    fireEvent.click(within(custom).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('From must be on or before To')).toBeInTheDocument();
    expect(within(custom).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(within(custom).getByLabelText('From'), { target: { value: '2023-01-01' } });
    fireEvent.click(within(custom).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A range is at most 366 days')).toBeInTheDocument();
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('downloads a table as CSV, quoted where it must be', async () => {
    mockApi({ [`${TEAM}/metrics`]: ok(teamMetrics()) });
    renderPage('/Dashboard/Metrics?from=2025-03-01&to=2025-03-03');
    await screen.findByRole('table', { name: 'Views per day' }, { timeout: 4000 });
    const files = catchDownloads();

    fireEvent.click(screen.getByRole('button', { name: 'Download Views per day as CSV' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download Top series by views as CSV' }));
    expect(files.map((file) => file.name)).toEqual([
      'inkwell-views-2025-03-01-to-2025-03-03.csv',
      'inkwell-top-series-2025-03-01-to-2025-03-03.csv',
    ]);
    expect(await textOf(files[0]!.blob)).toBe('Day,Views\r\n2025-03-01,1200\r\n2025-03-02,0\r\n2025-03-03,35\r\n');
    expect(await textOf(files[1]!.blob)).toBe('Series,Views\r\nThe Lantern Keeper,1000\r\n"Salt, ""Sea"" & Stone",235\r\n');
  });

  it('says when nothing happened, and offers a retry when the numbers cannot be loaded', async () => {
    let fails = true;
    mockApi({
      [`${TEAM}/metrics`]: () =>
        fails
          ? Response.json(
              { success: false, message: 'Oops', error: { code: 'internal_error', message: 'Oops' } },
              { status: 500 },
            )
          : ok(teamMetrics({ topSeries: [], topChapters: [], topUnlocks: [] }))(),
    });
    renderPage();
    expect(await screen.findByText('We could not load the metrics.', {}, { timeout: 4000 })).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No views in this range.')).toBeInTheDocument();
    expect(screen.getByText('No unlocks in this range.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Top series by views as CSV' })).toBeDisabled();
  });

  it('shows a series funnel per chapter, for the series chosen among the top ones', async () => {
    const asked: string[] = [];
    const row = (n: number, over: object) => ({
      chapterId: `00000000-0000-4000-8000-00000000010${n}`,
      number: n,
      started: 0,
      finished: 0,
      unlocksByMethod: { coins: 0, wait_pass: 0, daily_free: 0 },
      firstPaid: 0,
      dropOff: null,
      ...over,
    });
    mockApi({
      [`${TEAM}/metrics`]: ok(teamMetrics()),
      [`${TEAM}/metrics/series/00000000-0000-4000-8000-000000000001/funnel`]: () => {
        asked.push('lantern');
        return ok({
          range: { from: '2025-03-01', to: '2025-03-03', days: 3 },
          seriesId: '00000000-0000-4000-8000-000000000001',
          title: 'The Lantern Keeper',
          rows: [
            row(1, { started: 30, finished: 24, dropOff: 0.2 }),
            row(2, {
              started: 24,
              finished: 10,
              unlocksByMethod: { coins: 5, wait_pass: 3, daily_free: 0 },
              firstPaid: 4,
              dropOff: 0.5,
            }),
            row(3, { started: 12, finished: 9, firstPaid: 1 }),
          ],
        })();
      },
      [`${TEAM}/metrics/series/00000000-0000-4000-8000-000000000002/funnel`]: () => {
        asked.push('salt');
        return ok({
          range: { from: '2025-03-01', to: '2025-03-03', days: 3 },
          seriesId: '00000000-0000-4000-8000-000000000002',
          title: 'Salt',
          rows: [row(1, {})],
        })();
      },
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Funnel of The Lantern Keeper' }, { timeout: 4000 });
    expect(rowsOf(table)).toEqual([
      ['Chapter', 'Started', 'Finished', 'Coins', 'Pass', 'Daily free', 'First paid', 'Drop-off'],
      ['Chapter 1', '30', '24', '0', '0', '0', '0', '20 %'],
      ['Chapter 2', '24', '10', '5', '3', '0', '4', '50 %'],
      ['Chapter 3', '12', '9', '0', '0', '0', '1', '—'],
    ]);
    expect(screen.getByTestId('funnel-summary')).toHaveTextContent('5 readers paid for the first time in this range.');
    expect(screen.queryByTestId('funnel-no-readers')).toBeNull();
    // A series nobody read in the range: its chapters, and words instead of a chart of zeros.
    fireEvent.change(screen.getByLabelText('Series'), { target: { value: '00000000-0000-4000-8000-000000000002' } });
    expect(await screen.findByTestId('funnel-no-readers')).toHaveTextContent(
      'No reader started a chapter of this series in this range.',
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Funnel of Salt' }))).toHaveLength(2);
    expect(asked).toEqual(['lantern', 'salt']);
  }, 15_000);
});
