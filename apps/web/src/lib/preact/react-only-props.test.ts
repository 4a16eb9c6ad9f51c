import { createElement, render } from 'preact';
import { afterEach, expect, test } from 'vitest';
import './react-only-props';

const container = document.body.appendChild(document.createElement('div'));
afterEach(() => render(null, container));

test('React-only props never reach the page as attributes', () => {
  render(createElement('span', { suppressHydrationWarning: true, className: 'date' }, 'Nov 25, 2026'), container);
  const span = container.querySelector('span')!;
  expect(span.getAttributeNames()).toEqual(['class']);
  expect(span.textContent).toBe('Nov 25, 2026');
});

test('drawn over the server’s markup, the element keeps its attributes and gains none', () => {
  // A page's root, as the server sent it: never drawn into before (lib/preact/client.ts draws over it).
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = '<p class="note">Made by readers</p>';
  const paragraph = root.querySelector('p')!;
  render(createElement('p', { suppressHydrationWarning: true, className: 'note' }, 'Made by readers'), root);
  expect(root.querySelector('p')).toBe(paragraph);
  expect(paragraph.getAttributeNames()).toEqual(['class']);
  render(null, root);
  root.remove();
});
