import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../lib/page-meta';

// The HTML a rendered page goes out in (issue 11, issue 40): the app's shell with the page in its
// root, the stylesheet written in, and the starter that fetches and runs the app's code once the
// page's first image is on screen. web.ts serves it.

/** The app's shell with a rendered page in its root, the data the browser hydrates from, and the page's title. */
export function withRenderedPage(html: string, rootHtml: string, dataScript: string, title: string | undefined): string {
  // React writes the images it wants early (the first page, a cover, the banner) as preload links
  // ahead of the markup; in the head, before the scripts, the browser asks for them first.
  const hints = /^(?:<link rel="preload"[^>]*\/>)+/.exec(rootHtml)?.[0] ?? '';
  const page = html
    .replace(/\n\s*<script\b/, (script) => `\n    ${hints}${script}`)
    .replace('<div id="root"></div>', () => `<div id="root">${rootHtml.slice(hints.length)}</div>\n    ${dataScript}`);
  return title ? page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)} · Inkwell</title>`) : page;
}

/** How long a rendered page's app waits at most for the page's first image before it starts anyway. */
export const APP_START_WAIT_MS = 2000;
/** And once that image has loaded, at most this long for the browser to say it is on screen. */
export const APP_START_AFTER_LOAD_MS = 500;

/**
 * The app's start on a rendered page (issue 40): once the page's first image (the one drawn at high
 * priority: a banner, a cover, a comic's first page) is on screen, so the app's seconds of work on a
 * phone's processor come after the reader sees it, not before. Its code (`code`: the entry and the
 * modules the build preloads with it) is asked for once that image is drawn (two frames after it
 * loads, or its paint reported first), so the image has a phone's connection to itself: with
 * simulated throttling (median of 5) the three pages' LCP fell from 2.0–2.35 s, the code fetched
 * with the page at low priority, to 1.5–2.05 s, as the page without scripts has it. On screen is
 * when the browser reports the image as the page's largest paint; a browser that reports none, or
 * an image that is not the largest, gets two frames after its load, or APP_START_AFTER_LOAD_MS. It starts at once on a page without such an
 * image, when the reader touches or types (their click is kept for it, early-clicks.ts), when the
 * image fails, and after APP_START_WAIT_MS whatever the image does.
 */
export function appStarter(entry: string, code: readonly string[] = []): string {
  return (
    `let fetched=false;const fetchCode=()=>{if(!fetched){fetched=true;for(const href of ${JSON.stringify([entry, ...code])}){const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.append(link)}}};` +
    `let started=false;const start=()=>{if(!started){started=true;fetchCode();import(${JSON.stringify(entry)})}};` +
    `const image=document.querySelector('#root img[fetchpriority="high"]');` +
    `if(!image)start();else{` +
    `const soon=()=>setTimeout(start);` +
    // Two frames after the image loads, it has been drawn.
    `const drawn=(run)=>requestAnimationFrame(()=>requestAnimationFrame(run));` +
    `const reportsPaints=typeof PerformanceObserver==='function'&&(PerformanceObserver.supportedEntryTypes||[]).includes('largest-contentful-paint');` +
    `if(reportsPaints)new PerformanceObserver((list)=>{if(list.getEntries().some((entry)=>entry.element===image))soon()}).observe({type:'largest-contentful-paint',buffered:true});` +
    `const loaded=()=>{drawn(fetchCode);if(reportsPaints)setTimeout(start,${APP_START_AFTER_LOAD_MS});else drawn(soon)};` +
    `if(image.complete)loaded();else{image.addEventListener('load',loaded,{once:true});image.addEventListener('error',start,{once:true})}` +
    `for(const type of ['pointerdown','keydown'])addEventListener(type,start,{once:true,capture:true,passive:true});` +
    `setTimeout(start,${APP_START_WAIT_MS})}`
  );
}

/**
 * The shell a rendered page goes into. The page is on screen before any script runs, so what
 * draws it comes first: the stylesheet is written in (no round trip before the first paint, the
 * longest wait on a phone's connection; the plain shell links it, cached), and the app's scripts
 * are no tags of the page's: the starter asks for them once its first image is drawn, and runs
 * them once that is reported (`appStarter`).
 */
export function renderedPageShell(html: string, webDistDir: string): string {
  const code: string[] = [];
  return html
    .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (link, file: string) => {
      const path = join(webDistDir, file);
      const css = existsSync(path) ? readFileSync(path, 'utf8') : '</style';
      return css.includes('</style') ? link : `<style>${css}</style>`;
    })
    .replace(/\s*<link( nonce="[^"]*")? rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g, (_, _nonce, href: string) => {
      code.push(href);
      return '';
    })
    .replace(
      /<script( nonce="[^"]*")? type="module"[^>]*? src="([^"]+)"[^>]*><\/script>/,
      (_, nonce: string | undefined, entry: string) => `<script${nonce ?? ''} type="module">${appStarter(entry, code)}</script>`,
    );
}
