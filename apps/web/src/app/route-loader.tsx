import { PROGRESS_BAR, ROUTE_LOADER_MS } from '@inkwell/contract';
import type NProgressApi from 'nprogress';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useT } from '../lib/i18n/i18n-context';
import { isServerRenderedPage } from '../lib/render-scope';

/** The bar's code, fetched when it first has to show (issue 18 §2: a page opened from a link never needs it). */
let progressBar: Promise<typeof NProgressApi> | undefined;
let isProgressWanted = false;

export function loadProgressBar() {
  return (progressBar ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({
      ...PROGRESS_BAR,
      // NProgress's own template uses role="bar", which is not an ARIA role.
      template: '<div class="bar" role="progressbar" aria-label="Loading the page"><div class="peg"></div></div>',
      barSelector: '[role="progressbar"]',
    });
    return NProgress;
  }));
}

/** Starts or finishes the bar; the latest call wins once its code is here. */
function showProgressBar(isShown: boolean): void {
  isProgressWanted = isShown;
  if (!isShown && !progressBar) return;
  void loadProgressBar().then((NProgress) => (isProgressWanted ? NProgress.start() : NProgress.done()));
}

/**
 * SPEC §2 Loading: every route change shows the loading screen for 200 ms, longer while a
 * page's code is still loading; the progress bar starts with it and finishes when it ends.
 */
function useRouteLoading(): boolean {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  // A page the server drew is already on screen: no loading screen over it (issue 11 §1).
  const arrivedDrawn = useRef(isServerRenderedPage());
  const [isInTransition, setIsInTransition] = useState(!arrivedDrawn.current);

  useEffect(() => {
    if (arrivedDrawn.current) {
      arrivedDrawn.current = false;
      return;
    }
    setIsInTransition(true);
    const timer = setTimeout(() => setIsInTransition(false), ROUTE_LOADER_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const isLoading = isInTransition || navigation.state !== 'idle';
  useEffect(() => showProgressBar(isLoading), [isLoading]);
  useEffect(() => () => showProgressBar(false), []);
  return isLoading;
}

/** The loading screen: over the page during route changes, alone while the app first starts. */
export function LoadingScreen() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t('common.app.loading.label')}
      data-testid="route-loader"
      className="pointer-events-none fixed inset-0 z-30 flex items-center justify-center bg-ink-950/70"
    >
      <div className="flex flex-col items-center gap-3">
        <img src="/favicon.svg" alt="" width={40} height={40} className="size-10 animate-pulse" />
        <span className="text-sm text-zinc-400">{t('common.app.loading.text')}</span>
      </div>
    </div>
  );
}

export function RouteLoader() {
  const isLoading = useRouteLoading();
  return isLoading ? <LoadingScreen /> : null;
}
