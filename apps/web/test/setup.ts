import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterAll, afterEach } from 'vitest';
import { loadI18n } from '../src/lib/i18n/i18n';
import { setStandaloneI18n } from '../src/lib/i18n/i18n-context';

// Lazy pages load their chunk first: on two busy CI cores that can take over the default second.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The route loader's bar (NProgress) fades and removes itself on timers (about 0.8 s) after
// done(): in a file that showed it, let them run out before jsdom goes away, or the last one fires
// into a missing document and fails the whole run.
let showedProgressBar = false;
const startProgressBar = NProgress.start.bind(NProgress);
NProgress.start = () => {
  showedProgressBar = true;
  return startProgressBar();
};
afterAll(async () => {
  if (!showedProgressBar) return;
  NProgress.done();
  await new Promise((resolve) => setTimeout(resolve, 1200));
});

// jsdom has no IntersectionObserver; the readers use it only to prefetch what comes next.
class NoopIntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
if (!('IntersectionObserver' in window)) {
  Object.assign(window, { IntersectionObserver: NoopIntersectionObserver });
}

// Components find their words in English when a test draws them outside the app's providers (issue 35).
setStandaloneI18n(await loadI18n('en'));
