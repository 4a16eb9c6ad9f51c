import { createElement } from 'preact';
import { afterEach, expect, test } from 'vitest';
import { hydrateRoot } from './client';

let container: HTMLElement;
afterEach(() => container.remove());

function serverMarkup(html: string) {
  container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  return container;
}

test("the browser's tree takes over the server's nodes and mends the attributes that differ", () => {
  // The server drew "Notify me" disabled; by the browser's render the reader's pass is back.
  const root = serverMarkup('<section class="lock"><button disabled="" class="muted">Notify me</button></section>');
  const serverButton = root.querySelector('button')!;
  hydrateRoot(
    root,
    createElement('section', { className: 'lock' }, createElement('button', { className: 'primary' }, 'Use my pass')),
  );
  const button = root.querySelector('button')!;
  expect(button).toBe(serverButton);
  expect(button.disabled).toBe(false);
  expect(button.className).toBe('primary');
  expect(button.textContent).toBe('Use my pass');
  expect(root.querySelectorAll('button')).toHaveLength(1);
});

test('server markup the tree does not draw is taken away, and what matches stays in place', () => {
  const root = serverMarkup('<main><h1>Chapter 3</h1><!--$--><p>Old notice</p><!--/$--><article>text</article></main>');
  const heading = root.querySelector('h1')!;
  const article = root.querySelector('article')!;
  hydrateRoot(root, createElement('main', null, createElement('h1', null, 'Chapter 3'), createElement('article', null, 'text')));
  expect(root.innerHTML).toBe('<main><h1>Chapter 3</h1><article>text</article></main>');
  expect(root.querySelector('h1')).toBe(heading);
  expect(root.querySelector('article')).toBe(article);
});
