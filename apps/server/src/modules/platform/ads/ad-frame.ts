import { randomBytes } from 'node:crypto';
import { AD_FRAME_MESSAGE } from '@inkwell/contract';

/**
 * The ad frame's policy: the ad networks may load what they need from any https origin (and http
 * where the site itself is served over http, in development), and nothing of ours is named: the
 * frame runs with an opaque origin, so it has no cookie, no session and no page of ours to reach.
 * Scripts run when they carry this answer's nonce or were added by one that did.
 */
export function adFramePolicy(nonce: string, { allowHttp = false } = {}): string {
  const network = allowHttp ? 'https: http:' : 'https:';
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' ${network} 'unsafe-inline'`,
    `style-src ${network} 'unsafe-inline'`,
    `img-src ${network} data: blob:`,
    `font-src ${network} data:`,
    `media-src ${network} blob:`,
    `connect-src ${network}`,
    `frame-src ${network}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * Reports the ad to the page around the frame: `shown` once a visible `[data-ad-container]` is
 * there, `blocked` when a script could not load and none is. The page decides the rest (its 2 s
 * wait), as it did when ads ran in it.
 */
const REPORTER = `(function () {
  var shown = false;
  function post(status) { if (!shown) parent.postMessage({ type: '${AD_FRAME_MESSAGE}', status: status }, '*'); if (status === 'shown') shown = true; }
  function visible(element) {
    for (var e = element; e && e !== document.documentElement; e = e.parentElement) {
      var style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  }
  function check() {
    var found = document.querySelectorAll('[data-ad-container]');
    for (var i = 0; i < found.length; i++) if (visible(found[i])) { post('shown'); return true; }
    return false;
  }
  new MutationObserver(check).observe(document.documentElement, { childList: true, subtree: true, attributes: true });
  document.addEventListener('error', function (event) {
    var target = event.target;
    if (target && target.tagName === 'SCRIPT' && !check()) post('blocked');
  }, true);
  window.addEventListener('load', check);
})();`;

/** The frame's document: the admin's markup, its scripts given this answer's nonce, and the reporter. */
export function adFrameDocument(markup: string): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const withNonce = markup.replace(/<script\b/gi, `<script nonce="${nonce}"`);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="referrer" content="no-referrer"><title>Advertisement</title>` +
    `<style>html,body{margin:0;height:100%;background:transparent;color:#e4e4e7;font-family:system-ui,sans-serif}</style>` +
    `<script nonce="${nonce}">${REPORTER}</script></head>` +
    `<body><div data-ad-slot data-ad-host style="height:100%">${withNonce}</div></body></html>`;
  return { html, nonce };
}
