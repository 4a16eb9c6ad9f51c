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

test('drawn over the server’s markup, what the markup already says is not written again', async () => {
  // As the app's build draws: React's createElement is compat's, whose own hook runs first.
  const { createElement: h } = await import('preact/compat');
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML =
    '<a class="card" href="/SeriesView/lantern" aria-current="page"><svg width="24" height="24" stroke-width="2" aria-hidden="true"></svg>' +
    '<span class="count" data-ready="false">12</span></a>';
  // Attributes and nodes (a reused text node's text is set again by Preact, to the same words).
  const writes: string[] = [];
  const observer = new MutationObserver((records) =>
    writes.push(...records.map((record) => record.attributeName ?? record.type)),
  );
  observer.observe(root, { attributes: true, childList: true, subtree: true });
  const card = (ready: boolean) =>
    h(
      'a',
      { className: 'card', href: '/SeriesView/lantern', 'aria-current': 'page' },
      h('svg', { width: 24, height: 24, strokeWidth: 2, 'aria-hidden': true }),
      h('span', { className: 'count', 'data-ready': ready }, 12),
    );
  render(card(false), root);
  await Promise.resolve();
  expect(writes).toEqual([]);
  expect(root.querySelector('span')!.className).toBe('count');

  // What changes afterwards is written, and only that.
  render(card(true), root);
  await Promise.resolve();
  expect(writes).toEqual(['data-ready']);
  expect(root.querySelector('span')!.getAttribute('data-ready')).toBe('true');
  observer.disconnect();
  render(null, root);
  root.remove();
});
