import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BulkUnlock } from './bulk-unlock';

const run = [1, 2, 3].map((n) => ({ id: `c${n}`, number: n + 1, price: 30, access: 'locked' as const }));

describe('bulk unlock with a single choice (issue 21 §1)', () => {
  it('is a line and a button that says what it does, not a one-option radio group', () => {
    render(
      <MemoryRouter>
        <BulkUnlock run={run} balance={200} getCoinsHref="/buy/coins" onUnlock={() => Promise.resolve()} />
      </MemoryRouter>,
    );
    const bulk = screen.getByTestId('bulk-unlock');
    expect(within(bulk).queryAllByRole('radio')).toEqual([]);
    expect(within(bulk).getByTestId('bulk-only-choice')).toHaveTextContent('All 3');
    expect(within(bulk).getByRole('button', { name: 'Unlock 3 chapters for 90 coins' })).toBeInTheDocument();
  });
});
