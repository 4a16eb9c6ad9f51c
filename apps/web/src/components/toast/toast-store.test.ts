import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, iconFor, normalizeType } from './toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast rules (SPEC §4, §9)', () => {
  it('falls back to info for an unknown type', () => {
    expect(normalizeType('weird')).toBe('info');
    expect(normalizeType(undefined)).toBe('info');
    for (const type of ['info', 'warn', 'error', 'success', 'loading', 'cancel']) expect(normalizeType(type)).toBe(type);
  });

  it('gives a loading toast a spinner while processing, then success or error icons', () => {
    expect(iconFor('loading', 'processing')).toBe('spinner');
    expect(iconFor('loading', undefined)).toBe('spinner');
    expect(iconFor('loading', 'success')).toBe('success');
    expect(iconFor('loading', 'error')).toBe('error');
    expect(iconFor('loading', 'cancel')).toBe('error');
  });

  it('lasts 7000 ms by default, fades, and is removed 300 ms later', () => {
    const store = createToastStore();
    store.show({ message: 'Hello' });
    expect(store.getSnapshot()[0]).toMatchObject({ message: 'Hello', type: 'info', duration: 7000, isLeaving: false });
    vi.advanceTimersByTime(6999);
    expect(store.getSnapshot()[0]?.isLeaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()[0]?.isLeaving).toBe(true);
    vi.advanceTimersByTime(299);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('keeps an infinite toast until it is removed by hand', () => {
    const store = createToastStore();
    const id = store.show({ message: 'Stay', duration: 'infinite' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.dismiss(id);
    vi.advanceTimersByTime(300);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('ignores a duplicate id without the update flag', () => {
    const store = createToastStore();
    store.show({ id: 'a', message: 'First' });
    store.show({ id: 'a', message: 'Second' });
    expect(store.getSnapshot()).toHaveLength(1);
    expect(store.getSnapshot()[0]?.message).toBe('First');
  });

  it('updates in place with the id and the update flag, restarting its timer', () => {
    const store = createToastStore();
    store.show({ id: 'job', message: 'Working', type: 'loading', status: 'processing', duration: 'infinite' });
    store.show({ id: 'other', message: 'Other', duration: 'infinite' });
    store.show({ id: 'job', update: true, message: 'Done', type: 'loading', status: 'success', duration: 3000 });
    const toasts = store.getSnapshot();
    expect(toasts.map((t) => t.id)).toEqual(['job', 'other']);
    expect(toasts[0]).toMatchObject({ message: 'Done', icon: 'success', duration: 3000 });
    vi.advanceTimersByTime(3300);
    expect(store.getSnapshot().map((t) => t.id)).toEqual(['other']);
  });

  it('tells subscribers about every change', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ message: 'x', duration: 100 });
    vi.advanceTimersByTime(400);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
