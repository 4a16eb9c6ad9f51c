// Inkwell's service worker, hand-written (decision 0027).
// - Push (issue 21 §4): shows a push as a notification; a tap opens (or focuses) its page.
// - Offline (issue 21 §3): chapters the reader kept (src/lib/offline/downloads.ts) are answered
//   from Cache Storage when the network is gone, and any page opens as the app's kept page. Online,
//   everything goes to the network as if this worker were not here, except the app's hashed code,
//   which never changes and is kept as it passes.
// Cache names are kept in step with src/lib/offline/downloads.ts.
const OFFLINE_CACHE = 'inkwell-offline-v1';
const SHELL_CACHE = 'inkwell-shell-v1';
const OFFLINE_SHELL_URL = '/__offline-shell';
/** The app-wide answers every page asks for first: their last good copy lets the app start offline. */
const LAST_KNOWN = ['/api/proxy/public/verify', '/api/public/omegascans/public/site-settings'];
const LOGOUT = '/api/proxy/secure/logoutUser';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

const isOffline = (error) => error instanceof TypeError;

async function fromCache(cacheName, request) {
  const cache = await caches.open(cacheName);
  return cache.match(request, { ignoreVary: true });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method !== 'GET') {
    // Signing out forgets who was signed in, so an offline start does not show them again, and
    // every chapter they kept (issue 32 §3; the page drops their list and does the same).
    if (url.pathname === LOGOUT) {
      event.waitUntil(
        Promise.all([
          caches.open(SHELL_CACHE).then((cache) => cache.delete('/api/proxy/public/verify')),
          caches.delete(OFFLINE_CACHE),
        ]),
      );
    }
    return;
  }

  // Frames (the sandboxed ad frame among them) are left to the network entirely.
  if (request.destination === 'iframe' || request.destination === 'frame') return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async (error) => {
        const shell = await fromCache(SHELL_CACHE, OFFLINE_SHELL_URL);
        if (shell) return shell;
        throw error;
      }),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names: a kept copy is the right one forever.
    event.respondWith(
      fromCache(SHELL_CACHE, request).then(
        (kept) =>
          kept ??
          fetch(request).then((answer) => {
            if (answer.ok) {
              const copy = answer.clone();
              event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(url.pathname, copy)));
            }
            return answer;
          }),
      ),
    );
    return;
  }

  if (LAST_KNOWN.includes(url.pathname)) {
    event.respondWith(
      fetch(request).then(
        (answer) => {
          if (answer.ok) {
            const copy = answer.clone();
            event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(url.pathname, copy)));
          }
          return answer;
        },
        async (error) => {
          if (!isOffline(error)) throw error;
          const kept = await fromCache(SHELL_CACHE, url.pathname);
          if (kept) return kept;
          throw error;
        },
      ),
    );
    return;
  }

  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) {
    // A kept chapter's JSON and pages, only when the network cannot answer.
    event.respondWith(
      fetch(request).catch(async (error) => {
        const kept = await fromCache(OFFLINE_CACHE, request);
        if (kept) return kept;
        throw error;
      }),
    );
  }
});

self.addEventListener('push', (event) => {
  let notice = { title: 'Inkwell', body: '', link: '/profile/notifications' };
  try {
    notice = { ...notice, ...(event.data ? event.data.json() : {}) };
  } catch {
    // Not ours, or not JSON: show the default.
  }
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      icon: '/icons/icon-192.png',
      tag: notice.link || undefined,
      data: { link: notice.link || '/profile/notifications' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
