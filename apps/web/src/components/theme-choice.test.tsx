import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readSiteTheme, SITE_THEME_KEY } from '../lib/site-theme';
import { ThemeChoice } from './theme-choice';
import { ThemeMenuGroup } from './theme-menu-group';

afterEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

describe("the site's theme (issue 33 §14)", () => {
  it('follows the system until a reader chooses: no attribute on the page, nothing kept', () => {
    render(<ThemeChoice />);
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(SITE_THEME_KEY)).toBeNull();
  });

  it('draws the page in the chosen theme and keeps the choice for the next visit', () => {
    render(<ThemeChoice />);
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(SITE_THEME_KEY)).toBe('light');
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();

    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(SITE_THEME_KEY)).toBe('dark');
  });

  it('gives the page back to the system when System is chosen again, forgetting the choice', () => {
    localStorage.setItem(SITE_THEME_KEY, 'dark');
    document.documentElement.dataset.theme = 'dark';
    render(<ThemeChoice />);
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(SITE_THEME_KEY)).toBeNull();
  });

  it('shows the same choice in the footer and the account menu, and either changes both', () => {
    render(
      <>
        <ThemeChoice />
        <ThemeMenuGroup />
      </>,
    );
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked();
    expect(screen.getByRole('menuitemradio', { name: 'Light' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'false');
  });

  it('reads anything but a theme of ours, or a storage that refuses, as System', () => {
    expect(readSiteTheme({ getItem: () => 'sepia' })).toBe('system');
    expect(readSiteTheme({ getItem: () => null })).toBe('system');
    expect(
      readSiteTheme({
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    ).toBe('system');
    expect(readSiteTheme({ getItem: () => 'light' })).toBe('light');
  });
});
