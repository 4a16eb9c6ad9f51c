import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BottomSheet } from './bottom-sheet';

describe('BottomSheet', () => {
  it('keeps its title and close button out of the part that scrolls, so a long list never takes them away', () => {
    render(
      <BottomSheet title="Chapters" closeLabel="Close chapters" onClose={() => {}}>
        <ul>
          {Array.from({ length: 80 }, (_, i) => (
            <li key={i}>Chapter {i + 1}</li>
          ))}
        </ul>
      </BottomSheet>,
    );
    const body = screen.getByTestId('sheet-body');
    expect(body).toHaveClass('overflow-y-auto');
    expect(within(body).getByText('Chapter 80')).toBeInTheDocument();
    expect(within(body).queryByRole('heading', { name: 'Chapters' })).toBeNull();
    expect(within(body).queryByRole('button', { name: 'Close chapters' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Chapters' })).not.toHaveClass('overflow-y-auto');
  });
});
