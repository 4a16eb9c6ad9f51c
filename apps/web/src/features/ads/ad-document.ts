import { isAdFreePage } from '@inkwell/contract';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router';
import { renderScope } from '../../lib/render-scope';

/**
 * The nonce this document's CSP lets scripts run with, which the server writes into the
 * csp-nonce meta tag of a public reading page. null in a document served with the strict CSP
 * (an ad-free page's), where ad scripts may not run; '' in development, which has no CSP.
 */
export function documentNonce(doc?: Document, isDev: boolean = import.meta.env.DEV): string | null {
  // A page drawn on the server (issue 11 §1) is a public page: it will carry its answer's nonce.
  const scope = renderScope();
  if (scope) return scope.nonce;
  const meta = (doc ?? document).querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide a nonce attribute's value once the page's CSP holds it; the property keeps it.
  const nonce = meta?.nonce || meta?.getAttribute('nonce');
  if (nonce) return nonce;
  return isDev ? '' : null;
}

let adScriptsRan = false;

/** Ad scripts now run in this document: ad-free pages are left for a fresh one (see leaveAdDocument). */
export function markAdScriptsRan(): void {
  adScriptsRan = true;
}

export function haveAdScriptsRun(): boolean {
  return adScriptsRan;
}

/** For tests: a document where no ad script ran. */
export function forgetAdScriptsForTests(): void {
  adScriptsRan = false;
}

/**
 * The one place the app leaves a document where ad scripts ran (the root route's loader): a
 * navigation to an ad-free page (dashboard, Reader's Area, checkout, sign-in) becomes a full page
 * load, so that page comes with the strict CSP and no ad script is left running in it. The
 * navigation never settles here; the new document replaces this one.
 */
export const leaveAdDocument: LoaderFunction = ({ request }) => {
  if (!adScriptsRan) return null;
  const url = new URL(request.url);
  if (!isAdFreePage(url.pathname)) return null;
  window.location.assign(url.pathname + url.search + url.hash);
  return new Promise<never>(() => {});
};

/** leaveAdDocument looks at every change of page, and at nothing else (not a search or a revalidation). */
export const onEveryNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;

/**
 * Browser noise that ad scripts cause, kept out of the console and the error handling (SPEC §8):
 * ResizeObserver's loop messages, and "Script error.", what a script of another origin's error
 * looks like from here (no message, no file).
 */
export function isNoisyError(event: Pick<ErrorEvent, 'message' | 'filename'>): boolean {
  const message = (event.message ?? '').trim();
  if (/^ResizeObserver loop/i.test(message)) return true;
  return /^Script error\.?$/i.test(message) && !event.filename;
}

let isSilencing = false;

/** Installs the filter once per document, before anything else sees the error. */
export function silenceNoisyErrors(target: Window = window): void {
  if (isSilencing) return;
  isSilencing = true;
  target.addEventListener(
    'error',
    (event) => {
      if (event instanceof ErrorEvent && isNoisyError(event)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    },
    true,
  );
}
