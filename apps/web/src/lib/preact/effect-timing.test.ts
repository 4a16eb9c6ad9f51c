import { createElement, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { afterEach, expect, test } from 'vitest';
import './effect-timing';

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});

/** What a discrete event leaves to run before the next one: the microtasks, not a frame. */
const microtasksDone = () => new Promise<void>((resolve) => queueMicrotask(() => queueMicrotask(() => queueMicrotask(resolve))));

test('a key handler an effect attaches with the state is current before the next key', async () => {
  // As the comic reader's arrow keys: attached on every render, reading that render's page.
  function Pages() {
    const [page, setPage] = useState(1);
    useEffect(() => {
      const onKey = () => setPage(page + 1);
      window.addEventListener('keydown', onKey);
      return () => window.removeEventListener('keydown', onKey);
    });
    return createElement('span', null, `Page ${page}`);
  }
  container = document.body.appendChild(document.createElement('div'));
  render(createElement(Pages, null), container);
  await microtasksDone();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  await microtasksDone();
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  await microtasksDone();
  expect(container.textContent).toBe('Page 3');
});

test('an effect that keeps setting state lets the page breathe instead of freezing it', async () => {
  let renders = 0;
  function Restless() {
    const [count, setCount] = useState(0);
    renders++;
    useEffect(() => {
      if (count < 200) setCount(count + 1);
    }, [count]);
    return createElement('span', null, String(count));
  }
  container = document.body.appendChild(document.createElement('div'));
  render(createElement(Restless, null), container);
  let timerRan = false;
  setTimeout(() => (timerRan = true));
  await new Promise((resolve) => setTimeout(resolve));
  // A timer queued alongside ran before the chain could finish its 200 rounds.
  expect(timerRan).toBe(true);
  expect(renders).toBeLessThan(200);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(container.textContent).toBe('200');
});
