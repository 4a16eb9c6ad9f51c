import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/render';
import { BulkUnlock } from './bulk-unlock';

const SERIES_ID = '00000000-0000-4000-8000-0000000000aa';
const run = [1, 2, 3].map((n) => ({ id: `c${n}`, number: n + 1, price: 30, access: 'locked' as const }));
const QUOTE = `/api/omegascans/secure/me/series/${SERIES_ID}/unlock-quote`;

function renderBulk() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <BulkUnlock seriesId={SERIES_ID} run={run} balance={200} getCoinsHref="/buy/coins" onUnlock={() => Promise.resolve()} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByTestId('bulk-unlock');
}

describe('bulk unlock with a single choice (issue 21 §1)', () => {
  it('is a line and a button that says what it does, not a one-option radio group', async () => {
    mockApi({ [QUOTE]: () => Response.json({ success: true, data: { total: 90, discount: 0, charged: 90 } }) });
    const bulk = renderBulk();
    expect(within(bulk).queryAllByRole('radio')).toEqual([]);
    expect(within(bulk).getByTestId('bulk-only-choice')).toHaveTextContent('All 3');
    expect(await within(bulk).findByRole('button', { name: 'Unlock 3 chapters for 90 coins' })).toBeInTheDocument();
    expect(within(bulk).queryByTestId('bundle-discount')).toBeNull();
  });
});

describe('the bundle discount (issue 22 §1)', () => {
  it('shows the quoted charge of all that is left, the discount and the price it replaces', async () => {
    const asked: string[] = [];
    mockApi({
      [QUOTE]: (_init, url) => {
        asked.push(new URL(url, 'http://x').searchParams.get('chapterIds') ?? '');
        return Response.json({ success: true, data: { total: 90, discount: 15, charged: 76 } });
      },
    });
    const bulk = renderBulk();
    expect(await within(bulk).findByRole('button', { name: 'Unlock 3 chapters for 76 coins' })).toBeInTheDocument();
    expect(within(bulk).getByTestId('bundle-discount')).toHaveTextContent('All that is left, 15 % off: 90 76 coins');
    expect(asked).toEqual(['c1,c2,c3']);
  });
});
