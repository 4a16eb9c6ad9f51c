import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The route loader's bar (NProgress) removes itself on a timer after done(): let it finish before
// jsdom goes away, or the timer fires into a missing document and fails the whole run.
afterAll(async () => {
  for (let waited = 0; document.getElementById('nprogress') && waited < 3000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
