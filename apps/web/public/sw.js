// Inkwell's service worker (issue 21 §4): shows a push from the server as a notification, and a
// tap opens (or focuses) the page it is about. Kept small and hand-written: it caches nothing yet.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
      icon: '/favicon.svg',
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
