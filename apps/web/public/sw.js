// Inkwell's service worker, hand-written (decision 0027).
// - Push (issue 21 §4): shows a push as a notification; a tap opens (or focuses) its page.
// - Offline (issue 21 §3, issue 33 §1): chapters the reader kept (src/lib/offline/downloads.ts) are
//   answered from Cache Storage when the network is gone, and any page opens as the app's kept page.
//   The app itself (its page, every reader's route's code, its styles and fonts) is kept at install,
//   so nothing the offline app reaches for is missing. Online, everything goes to the network as if
//   this worker were not here, except the app's hashed code, which never changes.
// Cache names are kept in step with src/lib/offline/downloads.ts.
const OFFLINE_CACHE = 'inkwell-offline-v1';
const SHELL_CACHE = 'inkwell-shell-v1';
const OFFLINE_SHELL_URL = '/__offline-shell';
/**
 * The build writes the app's files here (apps/web/vite.config.ts, precacheAppShell): every route's
 * code but the dashboard's, the styles, fonts and icons. Its version names the cache, so a new
 * build installs a new worker whose cache replaces the old one. Empty in development.
 */
const APP_SHELL = { version: 'dev', files: [] };
const APP_CACHE = `inkwell-app-${APP_SHELL.version}`;
/** An ad-free page (no nonce, not rendered per reader): the app's page every address opens offline. */
const SHELL_PAGE = '/profile/downloads';
/** The app-wide answers every page asks for first: their last good copy lets the app start offline. */
const LAST_KNOWN = ['/api/proxy/public/verify', '/api/public/omegascans/public/site-settings'];
const LOGOUT = '/api/proxy/secure/logoutUser';

/** Keeps the app's files and its page; a file already kept (same hashed name) is not fetched again. */
async function keepTheApp() {
  if (APP_SHELL.files.length === 0) return;
  const cache = await caches.open(APP_CACHE);
  const kept = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  await cache.addAll(APP_SHELL.files.filter((file) => !kept.has(file)));
  const page = await fetch(SHELL_PAGE, { credentials: 'omit', cache: 'no-store' });
  if (!page.ok) throw new Error(`The app's page answered ${page.status}`);
  await cache.put(OFFLINE_SHELL_URL, page);
}

/** Drops the caches of earlier builds, and what the page kept of the app before the app was precached. */
async function dropOldApps() {
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => name.startsWith('inkwell-app-') && name !== APP_CACHE).map((name) => caches.delete(name)),
  );
  if (APP_SHELL.files.length === 0) return;
  const shell = await caches.open(SHELL_CACHE);
  const requests = await shell.keys();
  await Promise.all(
    requests
      .filter((request) => {
        const { pathname } = new URL(request.url);
        return pathname.startsWith('/assets/') || pathname === OFFLINE_SHELL_URL;
      })
      .map((request) => shell.delete(request)),
  );
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(keepTheApp());
});
self.addEventListener('activate', (event) => event.waitUntil(dropOldApps().then(() => self.clients.claim())));

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
        const shell = (await fromCache(APP_CACHE, OFFLINE_SHELL_URL)) ?? (await fromCache(SHELL_CACHE, OFFLINE_SHELL_URL));
        if (shell) return shell;
        throw error;
      }),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names: a kept copy is the right one forever. What the install did not keep (the
    // dashboard's code) is kept as it passes, with this build's files.
    event.respondWith(
      caches.match(url.pathname, { ignoreSearch: true, ignoreVary: true }).then(
        (kept) =>
          kept ??
          fetch(request).then((answer) => {
            if (answer.ok) {
              const copy = answer.clone();
              event.waitUntil(caches.open(APP_CACHE).then((cache) => cache.put(url.pathname, copy)));
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
