import { act, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './toast-context';
import { createToastStore } from './toast-store';
import { Toaster, ToastItems } from './toaster';

// The toasts' own code, which a page fetches once the browser is idle, is here before the first one.
beforeAll(() => ToastItems.preload());
afterEach(() => vi.restoreAllMocks());

describe('Toaster', () => {
  it('gives the page room of its height at the end while toasts show, so a list’s last rows can be scrolled clear', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 52 } as DOMRect);
    const later: (() => void)[] = [];
    const store = createToastStore({
      setTimeout: ((run: () => void) => later.push(run)) as unknown as typeof setTimeout,
      clearTimeout: () => {},
    });
    render(
      <ToastProvider store={store}>
        <Toaster />
      </ToastProvider>,
    );
    const room = () => document.documentElement.style.getPropertyValue('--toast-room');
    expect(room()).toBe('');

    let id = '';
    act(() => {
      id = store.show({ message: 'Chapter 3 deleted', type: 'success', duration: 60_000 });
    });
    expect(room()).toBe('68px');

    // Given back once the toast has left (after its exit animation).
    act(() => store.dismiss(id));
    act(() => later.splice(0).forEach((run) => run()));
    expect(room()).toBe('');
  });
});
