import { useEffect } from 'react';

/**
 * A server-rendered page (issue 11 §1) is on screen, its buttons drawn, seconds before its scripts
 * have loaded on a phone; until React hydrates it a click on a button does nothing at all, and
 * React only ever replays events that arrive after `hydrateRoot`. So a page's inline data script
 * starts with EARLY_CLICKS_SCRIPT, which keeps the clicks on controls marked `replayClick(name)`
 * (the top bar's menus) until the app has hydrated, and the app then clicks them again, in order.
 */
const ATTRIBUTE = 'data-replay-click';

/** Marks a control whose click before hydration is kept and replayed. `name` (letters and dashes) is unique on the page. */
export const replayClick = (name: string) => ({ [ATTRIBUTE]: name });

/** The mark on <html> once the app has taken the document over (hydrated, or first drawn in the browser). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

declare global {
  interface Window {
    /** The names of the marked controls clicked before hydration, oldest first (see EARLY_CLICKS_SCRIPT). */
    __inkwellEarlyClicks?: string[];
  }
}

/**
 * Inline, with no dependency: it runs as the page is parsed. Plain ES5 in a string, so no build
 * step (or coverage instrumentation) changes it.
 */
export const EARLY_CLICKS_SCRIPT =
  '(function(){' +
  'var kept=window.__inkwellEarlyClicks=[];' +
  'function keep(event){' +
  `if(document.documentElement.hasAttribute('${HYDRATED_ATTRIBUTE}')){document.removeEventListener('click',keep,true);return}` +
  `var control=event.target instanceof Element?event.target.closest('[${ATTRIBUTE}]'):null;` +
  'if(!control)return;' +
  'event.preventDefault();event.stopPropagation();' +
  `kept.push(control.getAttribute('${ATTRIBUTE}'))` +
  '}' +
  "document.addEventListener('click',keep,true)" +
  '})();';

/** Marks the document as the app's and clicks again, now handled, what was clicked before. */
export function markHydrated(doc: Document = document): void {
  const view = doc.defaultView;
  const kept = view?.__inkwellEarlyClicks ?? [];
  if (view) view.__inkwellEarlyClicks = [];
  doc.documentElement.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  for (const name of kept) {
    doc.querySelector<HTMLElement>(`[${ATTRIBUTE}="${name}"]`)?.click();
  }
}

/**
 * Called once in the root route: its effect runs after React committed the first render of the
 * document, every component of the page mounted (effects run children first).
 */
export function useHydrationMark(): void {
  useEffect(() => markHydrated(), []);
}
