/** What an ad's markup (or its script) marks as the ad itself: its arrival is how an ad is detected. */
export const AD_CONTAINER_SELECTOR = '[data-ad-container]';

/**
 * Puts an admin's ad markup into `host`, with its scripts running: markup set as HTML never runs
 * its <script> tags, so each is made again as a script element, with the document's nonce (the
 * CSP of public reading pages lets such scripts run). External scripts keep their order unless
 * marked async. `onScriptError` hears of a script that could not load (blocked, or gone).
 * Returns what takes it all out again.
 */
export function injectAdMarkup(host: HTMLElement, markup: string, nonce: string, onScriptError: () => void): () => void {
  const template = document.createElement('template');
  template.innerHTML = markup;
  host.replaceChildren(template.content);
  const scripts: HTMLScriptElement[] = [];
  for (const inert of Array.from(host.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
    if (inert.hasAttribute('src') && !inert.hasAttribute('async')) script.async = false;
    if (nonce) {
      script.setAttribute('nonce', nonce);
      script.nonce = nonce;
    }
    script.text = inert.text;
    script.addEventListener('error', onScriptError);
    scripts.push(script);
    inert.replaceWith(script);
  }
  return () => {
    for (const script of scripts) script.removeEventListener('error', onScriptError);
    host.replaceChildren();
  };
}

/** An ad container in `host` that is shown: an ad blocker's style rules hide what they do not stop. */
export function hasShownAd(host: HTMLElement): boolean {
  for (const container of Array.from(host.querySelectorAll(AD_CONTAINER_SELECTOR))) {
    let element: Element | null = container;
    let isHidden = false;
    while (element && element !== host && !isHidden) {
      const style = getComputedStyle(element);
      isHidden = style.display === 'none' || style.visibility === 'hidden';
      element = element.parentElement;
    }
    if (!isHidden) return true;
  }
  return false;
}

/**
 * SPEC §4, §9: the ad is shown once its container appears (within `waitMs`), blocked when none
 * did by then or a script failed to load. A container that comes late still turns it to shown.
 * Returns what stops watching.
 */
export function watchForAd(
  host: HTMLElement,
  waitMs: number,
  report: (status: 'shown' | 'blocked') => void,
): { stop(): void; scriptFailed(): void } {
  let status: 'waiting' | 'shown' | 'blocked' = 'waiting';
  const settle = (next: 'shown' | 'blocked') => {
    if (status === next || status === 'shown') return;
    status = next;
    report(next);
  };
  const check = () => {
    if (hasShownAd(host)) settle('shown');
  };
  const observer = new MutationObserver(check);
  observer.observe(host, { childList: true, subtree: true, attributes: true });
  const timer = setTimeout(() => (hasShownAd(host) ? settle('shown') : settle('blocked')), waitMs);
  check();
  return {
    stop() {
      observer.disconnect();
      clearTimeout(timer);
    },
    scriptFailed() {
      if (!hasShownAd(host)) settle('blocked');
    },
  };
}
