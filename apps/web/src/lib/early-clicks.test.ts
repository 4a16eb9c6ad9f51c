import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_CLICKS_SCRIPT, HYDRATED_ATTRIBUTE, markHydrated, replayClick } from './early-clicks';

/** A button as the server drew it; `handled` counts the clicks the app (once listening) sees. */
function drawButton(attributes: Record<string, string> = {}) {
  const button = document.createElement('button');
  for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
  document.body.append(button);
  const seen = { handled: 0 };
  button.addEventListener('click', () => (seen.handled += 1));
  return { button, seen };
}

afterEach(() => {
  // A click with the mark set lets the page's script remove its listener.
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  document.body.click();
  document.documentElement.removeAttribute(HYDRATED_ATTRIBUTE);
  document.body.replaceChildren();
  delete window.__inkwellEarlyClicks;
});

describe('clicks before hydration', () => {
  it('keeps a click on a marked control and replays it once the app has hydrated, in order', () => {
    new Function(EARLY_CLICKS_SCRIPT)();
    const menu = drawButton(replayClick('account-menu'));
    const bell = drawButton(replayClick('notifications'));

    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.button.dispatchEvent(early);
    bell.button.click();
    expect(early.defaultPrevented).toBe(true);
    expect([menu.seen.handled, bell.seen.handled]).toEqual([0, 0]);
    expect(window.__inkwellEarlyClicks).toEqual(['account-menu', 'notifications']);

    markHydrated();
    expect(document.documentElement.getAttribute(HYDRATED_ATTRIBUTE)).toBe('true');
    expect([menu.seen.handled, bell.seen.handled]).toEqual([1, 1]);

    // Once hydrated, clicks go straight to the app and nothing is replayed twice.
    menu.button.click();
    markHydrated();
    expect([menu.seen.handled, bell.seen.handled]).toEqual([2, 1]);
  });

  it('leaves every other click alone', () => {
    new Function(EARLY_CLICKS_SCRIPT)();
    const other = drawButton();
    other.button.click();
    expect(other.seen.handled).toBe(1);
    expect(window.__inkwellEarlyClicks).toEqual([]);
  });

  it('marks a page the browser drew itself (no inline script) and replays nothing', () => {
    const menu = drawButton(replayClick('account-menu'));
    markHydrated();
    expect(document.documentElement.getAttribute(HYDRATED_ATTRIBUTE)).toBe('true');
    expect(menu.seen.handled).toBe(0);
  });
});
