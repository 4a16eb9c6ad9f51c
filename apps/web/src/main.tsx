import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { preloadDrawnParts } from './lib/lazy-part';
import { createQueryClient } from './lib/query-client';
import { ReaderData } from './app/reader-data';
import { loadI18n, pageLocale } from './lib/i18n/i18n';
// React's autoFocus, effect timing and its own props, where the browser's build runs Preact (decision 0048).
import './lib/preact/auto-focus';
import './lib/preact/effect-timing';
import './lib/preact/react-only-props';
// The UI font, self-hosted (issue 11 §1); the build preloads its Latin file.
import '@fontsource-variable/inter/wght.css';
import './index.css';

// One cache for the whole app: route loaders fill it, pages read it.
const queryClient = createQueryClient();
// The page's language (the server wrote it in <html lang>): its messages load beside the router's modules.
const i18nLoading = loadI18n(pageLocale());
const serverQueries = window.__INKWELL_QUERIES__;
const hydrationData = window.__staticRouterHydrationData;
if (serverQueries) hydrate(queryClient, serverQueries);
const router = await createRouter(queryClient, hydrationData);
// The lazy parts the server drew (a locked chapter's panel): here before hydrating, so nothing waits on a fallback.
await preloadDrawnParts(window.__INKWELL_PARTS__);
const i18n = await i18nLoading;

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient} i18n={i18n}>
      {/* A shared page's reader part (issue 18 §1); it draws nothing, so hydration is the page's. */}
      <ReaderData />
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
const root = document.getElementById('root') as HTMLElement;
// A page the server rendered becomes the app in place, as a transition: React hydrates it in
// short slices, so a tap or a scroll is never kept waiting behind it. The others are drawn here.
if (hydrationData) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);

// The service worker (public/sw.js): pushes, and chapters kept for reading offline (issue 21).
// After the page has loaded, so it never competes with it (this module may run after `load`: it awaits above).
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
