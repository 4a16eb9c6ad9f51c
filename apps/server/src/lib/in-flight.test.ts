import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight';

describe('work in flight', () => {
  it('is counted until it settles, answered as it is, and waited for whether it fails or not', async () => {
    const inFlight = createInFlight();
    let finish!: (value: string) => void;
    let fail!: (error: Error) => void;
    const done = inFlight.track(new Promise<string>((resolve) => (finish = resolve)));
    const failed = inFlight.track(new Promise<string>((_, reject) => (fail = reject)));
    expect(inFlight.size()).toBe(2);
    let isSettled = false;
    const settled = inFlight.settled().then(() => (isSettled = true));
    finish('sent');
    expect(await done).toBe('sent');
    expect(isSettled).toBe(false);
    fail(new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    await settled;
    expect(isSettled).toBe(true);
    expect(inFlight.size()).toBe(0);
  });
});
