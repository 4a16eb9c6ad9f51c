import { options } from 'preact';

/**
 * Effects as React runs them after a tap or a key, for the browser's build, which runs Preact
 * (decision 0048). React flushes the effects of a render a discrete event caused (a key, a click)
 * before the next event is handled; Preact waits for the next frame. A handler an effect attaches
 * with the render's state (the reader's arrow keys) then missed a second key pressed before that
 * frame: two quick presses turned one page. Here a render's effects run in the microtask after it,
 * so the next event always finds them. A chain of effects that keeps setting state is let through
 * a task boundary every CHAINED_MAX flushes, so a component that loops cannot freeze the page.
 */
const CHAINED_MAX = 50;
let chained = 0;
let resetPending = false;

(options as { requestAnimationFrame?: (flush: () => void) => void }).requestAnimationFrame = (flush) => {
  if (chained++ < CHAINED_MAX) queueMicrotask(flush);
  else setTimeout(flush);
  if (!resetPending) {
    resetPending = true;
    setTimeout(() => {
      chained = 0;
      resetPending = false;
    });
  }
};
