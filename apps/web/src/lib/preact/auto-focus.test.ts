import { createElement, render, type ComponentChild } from 'preact';
import { useState } from 'preact/hooks';
import { act } from 'preact/test-utils';
import { afterEach, expect, test } from 'vitest';
import './auto-focus';

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});

function mount(vnode: ComponentChild) {
  container = document.body.appendChild(document.createElement('div'));
  render(vnode, container);
}

test('a field drawn with autoFocus takes the focus, and keeps a ref it was given', () => {
  const ref: { current: HTMLElement | null } = { current: null };
  mount(createElement('input', { autoFocus: true, ref, 'aria-label': 'search' }));
  const field = container.querySelector('input')!;
  expect(document.activeElement).toBe(field);
  expect(ref.current).toBe(field);
});

test('a field is not focused again as it renders again', async () => {
  let rerender: () => void = () => undefined;
  function Fields() {
    const [count, setCount] = useState(0);
    rerender = () => setCount(count + 1);
    return createElement(
      'div',
      null,
      createElement('input', { autoFocus: true, 'data-count': count }),
      createElement('button', null, 'other'),
    );
  }
  mount(createElement(Fields, null));
  expect(document.activeElement).toBe(container.querySelector('input'));
  container.querySelector('button')!.focus();
  await act(() => rerender());
  expect(container.querySelector('input')!.dataset.count).toBe('1');
  expect(document.activeElement).toBe(container.querySelector('button'));
});
