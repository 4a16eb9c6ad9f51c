import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser says it has a network (issue 33 §1); on the server, always. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * An error that says the network (or the app's server) could not be reached: a failed fetch, or a
 * chunk of the app's code that could not be loaded. Offline, any error is taken for one.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return (
    error instanceof TypeError &&
    /failed to fetch|dynamically imported module|importing a module script|load failed|networkerror/i.test(error.message)
  );
}
