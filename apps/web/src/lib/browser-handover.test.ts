import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimBrowser, releaseBrowser } from './browser-handover';
import { readBrowserOwner } from './browser-owner';
import { readLocalProgress, saveLocalProgress } from './library/local-progress';
import { listDownloads, type Download } from './offline/downloads';

/** Cache Storage in memory, by absolute address. */
function fakeCaches() {
  const store = new Map<string, Response>();
  const address = (request: string | { url: string }) =>
    new URL(typeof request === 'string' ? request : request.url, location.href).href;
  const cache = {
    put: async (request: string, response: Response) => void store.set(address(request), response),
    match: async (request: string) => store.get(address(request)),
    delete: async (request: string | { url: string }) => store.delete(address(request)),
    keys: async () => [...store.keys()].map((url) => ({ url })),
  };
  return { paths: () => [...store.keys()].map((url) => new URL(url).pathname), api: { open: async () => cache } };
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));

/** A chapter `owner` kept offline: its list entry and its bytes. */
async function keptBy(caches: ReturnType<typeof fakeCaches>, owner: string, chapterId: string) {
  const download: Download = {
    chapterId,
    seriesSlug: 'lantern',
    chapterSlug: chapterId,
    seriesTitle: 'The Lantern Keeper',
    chapterTitle: chapterId,
    bytes: 10,
    savedAt: at(0).toISOString(),
    urls: [`/api/chapters/${chapterId}`, `/media/pages/${chapterId}/1.webp`],
  };
  localStorage.setItem(`inkwell.downloads.${owner}`, JSON.stringify([download]));
  const cache = await caches.api.open();
  for (const url of download.urls) await cache.put(url, new Response('bytes'));
}

describe('a browser belongs to whoever is signed in (issue 32 §3)', () => {
  let caches: ReturnType<typeof fakeCaches>;
  beforeEach(() => {
    caches = fakeCaches();
    vi.stubGlobal('caches', caches.api);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on logout keeps nothing of anyone: no places, no kept chapters, no cached bytes, no owner', async () => {
    await claimBrowser('ann');
    saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1));
    await keptBy(caches, 'ann', 'c1');
    // Read right after the logout began (the chapter still on screen): the visitor's.
    saveLocalProgress(null, 'c2', 's1', { page: 1 }, at(2));

    await releaseBrowser();
    expect(readBrowserOwner()).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
    expect(caches.paths()).toEqual([]);
    // What the reader's page saves after it keeps nothing.
    expect(saveLocalProgress('ann', 'c1', 's1', { page: 3 }, at(3))).toBeNull();
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it("gives the next reader none of the last one's places, only what a visitor read since the logout", async () => {
    await claimBrowser('ann');
    saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1));
    await releaseBrowser();
    saveLocalProgress(null, 'c5', 's2', { page: 4 }, at(5));

    await claimBrowser('ben');
    expect(readLocalProgress('ben')).toEqual({
      c5: { seriesId: 's2', page: 4, position: null, completed: false, readAt: at(5).toISOString() },
    });
    expect(readLocalProgress(null)).toEqual({});
    expect(readLocalProgress('ann')).toEqual({});
  });

  it("drops the last reader's places and kept chapters when another signs in without a logout between (an ended session)", async () => {
    await claimBrowser('ann');
    saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1));
    await keptBy(caches, 'ann', 'c1');
    // Ann's session ended on the server; as a visitor the browser keeps her data sealed: none of it shows.
    expect(readLocalProgress(null)).toEqual({});

    await claimBrowser('ben');
    expect(readBrowserOwner()).toBe('ben');
    expect(Object.keys(localStorage)).toEqual(['inkwell.owner']);
    expect(listDownloads()).toEqual([]);
    expect(caches.paths()).toEqual([]);
  });

  it("keeps a reader's own chapters and places when their session is seen again", async () => {
    await claimBrowser('ann');
    saveLocalProgress('ann', 'c1', 's1', { page: 2 }, at(1));
    await keptBy(caches, 'ann', 'c1');

    await claimBrowser('ann');
    expect(Object.keys(readLocalProgress('ann'))).toEqual(['c1']);
    expect(listDownloads().map((download) => download.chapterId)).toEqual(['c1']);
    expect(caches.paths()).toEqual(['/api/chapters/c1', '/media/pages/c1/1.webp']);
  });
});
