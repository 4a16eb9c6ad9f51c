import type { ChapterContent } from '@inkwell/contract';
import { useSyncExternalStore } from 'react';
import { BROWSER_OWNER_KEY, ownedKey, ownedKeys, readBrowserOwner } from '../browser-owner';
import { endpointUrl } from '../api-client';

/**
 * Issue 21 §3: chapters kept on this device for reading offline. What is kept is exactly what the
 * server answered this reader (the chapter's JSON and its pages' bytes), in Cache Storage, where
 * the service worker (public/sw.js) finds it when the network is gone; the list of what is kept
 * lives in localStorage, one per account (issue 32 §3): only the browser's owner's is read or
 * written, and the others go with their bytes when the browser changes hands
 * (lib/browser-handover.ts). Names kept in step with public/sw.js.
 */
const OFFLINE_CACHE = 'inkwell-offline-v1';
const SHELL_CACHE = 'inkwell-shell-v1';
/** The app's page, kept so any address opens offline (the service worker answers navigations with it). */
const OFFLINE_SHELL_URL = '/__offline-shell';
/** The base of each account's list, `inkwell.downloads.{id}` (before issue 32, one list for all under this name). */
const DOWNLOADS_KEY = 'inkwell.downloads';
/** A kept chapter goes after this long, even if nobody opens it. */
const OFFLINE_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export interface Download {
  chapterId: string;
  seriesSlug: string;
  chapterSlug: string;
  seriesTitle: string;
  chapterTitle: string;
  /** Bytes kept on the device for it. */
  bytes: number;
  savedAt: string;
  /** Every address kept for it (the chapter's JSON first). */
  urls: string[];
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());
const NONE: Download[] = [];
let cached: { key: string; raw: string | null; value: Download[] } | undefined;

export function canKeepOffline(): boolean {
  return typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;
}

/** What is kept for this browser's owner (nothing when nobody is signed in here). */
export function listDownloads(): Download[] {
  const owner = readBrowserOwner();
  if (owner === null) return NONE;
  const key = ownedKey(DOWNLOADS_KEY, owner);
  let raw: string | null;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return NONE;
  }
  if (cached?.key === key && cached.raw === raw) return cached.value;
  let value: Download[];
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    value = Array.isArray(parsed) ? (parsed as Download[]).filter((entry) => typeof entry?.chapterId === 'string') : [];
  } catch {
    value = [];
  }
  cached = { key, raw, value };
  return value;
}

/** Writes `owner`'s list, if the browser is still theirs; false when it is not (nothing written). */
function writeDownloads(owner: string, downloads: Download[]): boolean {
  if (readBrowserOwner() !== owner) return false;
  try {
    localStorage.setItem(ownedKey(DOWNLOADS_KEY, owner), JSON.stringify(downloads));
  } catch {
    // Storage full or refused: the list stays as it was.
  }
  notify();
  return true;
}

const isDownloadsKey = (key: string | null) =>
  key === null || key === BROWSER_OWNER_KEY || key === DOWNLOADS_KEY || key.startsWith(`${DOWNLOADS_KEY}.`);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => isDownloadsKey(event.key) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

/** What is kept on this device for the reader signed in, kept current (another tab's changes too). */
export function useDownloads(): Download[] {
  return useSyncExternalStore(subscribe, listDownloads, () => NONE);
}

export const expiresAt = (download: Download) => new Date(Date.parse(download.savedAt) + OFFLINE_DAYS * DAY_MS);

/** The chapter's JSON address, as the reader asks for it (what the service worker answers offline). */
export const chapterApiUrl = (seriesSlug: string, chapterSlug: string) =>
  endpointUrl('chapter', { params: { slug: seriesSlug, chapterSlug } });

async function sizeOf(response: Response): Promise<number> {
  return (await response.clone().arrayBuffer()).byteLength;
}

/** The app's page and the code this page runs, so the kept chapter opens with no network. */
async function keepTheApp(): Promise<void> {
  const shell = await caches.open(SHELL_CACHE);
  const page = await fetch('/profile/downloads', { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  if (!page.ok) throw new Error('the app could not be kept');
  const html = await page.clone().text();
  await shell.put(OFFLINE_SHELL_URL, page);
  const assets = new Set<string>();
  for (const match of html.matchAll(/\/assets\/[^"'\s)]+/g)) assets.add(match[0]);
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name, location.origin);
    if (url.origin === location.origin && url.pathname.startsWith('/assets/')) assets.add(url.pathname);
  }
  await Promise.all(
    [...assets].map(async (asset) => {
      if (await shell.match(asset)) return;
      const answer = await fetch(asset);
      if (answer.ok) await shell.put(asset, answer);
    }),
  );
}

/**
 * Keeps a chapter on this device for the reader signed in: its JSON and its pages as the server
 * serves them to this reader now. A chapter the reader cannot read whole (locked, a preview) is
 * refused: nothing the server would refuse becomes readable offline. If the reader signs out before
 * it is kept, nothing of it stays.
 */
export async function keepOffline(seriesSlug: string, chapterSlug: string): Promise<Download> {
  const owner = readBrowserOwner();
  if (owner === null) throw new Error('Only a signed-in reader keeps chapters');
  const apiUrl = chapterApiUrl(seriesSlug, chapterSlug);
  const answer = await fetch(apiUrl, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error('The chapter could not be fetched');
  const { data } = (await answer.clone().json()) as { data: ChapterContent };
  if (!data.canRead || data.isPreview) throw new Error('Only a chapter you can read can be kept');
  const cache = await caches.open(OFFLINE_CACHE);
  let bytes = await sizeOf(answer);
  await cache.put(apiUrl, answer);
  const urls = [apiUrl];
  for (const page of data.pages) {
    const image = await fetch(page.url, { credentials: 'same-origin' });
    if (!image.ok) throw new Error('A page could not be fetched');
    bytes += await sizeOf(image);
    await cache.put(page.url, image);
    urls.push(page.url);
  }
  await keepTheApp();
  const download: Download = {
    chapterId: data.chapter.id,
    seriesSlug: data.series.slug,
    chapterSlug: data.chapter.slug,
    seriesTitle: data.series.title,
    chapterTitle: data.chapter.title ? `Chapter ${data.chapter.number}: ${data.chapter.title}` : `Chapter ${data.chapter.number}`,
    bytes,
    savedAt: new Date().toISOString(),
    urls,
  };
  if (!writeDownloads(owner, [download, ...listDownloads().filter((entry) => entry.chapterId !== download.chapterId)])) {
    // Signed out (or another account signed in) while it was being kept: none of it stays, but
    // what the browser's new owner keeps of the same chapter does.
    const theirs = new Set(listDownloads().flatMap((entry) => entry.urls));
    await Promise.all(urls.filter((url) => !theirs.has(url)).map((url) => cache.delete(url)));
    throw new Error('The reader signed out meanwhile');
  }
  return download;
}

/** Deletes a kept chapter: its list entry and every byte of it. */
export async function removeDownload(chapterId: string): Promise<void> {
  const owner = readBrowserOwner();
  const download = listDownloads().find((entry) => entry.chapterId === chapterId);
  if (owner === null || !download) return;
  writeDownloads(
    owner,
    listDownloads().filter((entry) => entry.chapterId !== chapterId),
  );
  if (!canKeepOffline()) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await Promise.all(download.urls.map((url) => cache.delete(url)));
}

/**
 * On start: kept chapters older than OFFLINE_DAYS go; online, so does every chapter this reader
 * may no longer read whole (a refund, an ended plan, a chapter taken down), asked of the server.
 */
export async function pruneDownloads(now = new Date()): Promise<void> {
  for (const download of listDownloads()) {
    if (expiresAt(download) <= now) {
      await removeDownload(download.chapterId);
      continue;
    }
    if (!navigator.onLine) continue;
    try {
      const answer = await fetch(chapterApiUrl(download.seriesSlug, download.chapterSlug), {
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (answer.status >= 500) continue;
      const body = answer.ok ? ((await answer.json()) as { data: ChapterContent }) : undefined;
      if (!body || !body.data.canRead || body.data.isPreview) await removeDownload(download.chapterId);
    } catch {
      // The network went away meanwhile: judged next time.
    }
  }
}

/**
 * Issue 32 §3: keeps `owner`'s chapters alone (none for null). Every other list goes, the one all
 * accounts shared before included, and so does every byte in the offline cache that `owner`'s
 * list does not name (another account's chapters, or the half of one whose keeping failed).
 */
export async function keepOnlyDownloadsOf(owner: string | null): Promise<void> {
  const mine = owner === null ? undefined : ownedKey(DOWNLOADS_KEY, owner);
  for (const key of [DOWNLOADS_KEY, ...ownedKeys(DOWNLOADS_KEY)]) {
    if (key === mine) continue;
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  }
  notify();
  if (!('caches' in window)) return;
  const kept = new Set(
    (owner !== null && readBrowserOwner() === owner ? listDownloads() : NONE).flatMap((download) =>
      download.urls.map((url) => new URL(url, location.href).href),
    ),
  );
  const cache = await caches.open(OFFLINE_CACHE);
  const requests = await cache.keys();
  await Promise.all(requests.filter((request) => !kept.has(request.url)).map((request) => cache.delete(request)));
}
