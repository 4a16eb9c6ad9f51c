import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DetailDrawer } from './detail-drawer';

function Opener() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Details of order 7
      </button>
      {isOpen && (
        <DetailDrawer title="Order" subtitle="order-7" closeLabel="Close the order" onClose={() => setIsOpen(false)}>
          <p>Paid on Monday</p>
        </DetailDrawer>
      )}
    </>
  );
}

const open = () => {
  const opener = screen.getByRole('button', { name: 'Details of order 7' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
};

describe('the detail drawer', () => {
  it('opens as a dialog named by its title, with focus on its close button', () => {
    render(<Opener />);
    open();
    const drawer = screen.getByRole('dialog', { name: 'Order' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toHaveTextContent('order-7');
    expect(drawer).toHaveTextContent('Paid on Monday');
    expect(screen.getByRole('button', { name: 'Close the order' })).toHaveFocus();
  });

  it('closes with Escape and gives focus back to what opened it', () => {
    render(<Opener />);
    const opener = open();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes with its close button too, and other keys leave it open', () => {
    render(<Opener />);
    const opener = open();
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(screen.getByRole('dialog', { name: 'Order' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
