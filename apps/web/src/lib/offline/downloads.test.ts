import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeBrowserOwner } from '../browser-owner';
import { chapterApiUrl, keepOffline, keepOnlyDownloadsOf, listDownloads, pruneDownloads, type Download } from './downloads';

/** Cache Storage as the browser keeps it, in memory (by absolute address): enough to see what is put and deleted. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const address = (request: string | { url: string }) =>
    new URL(typeof request === 'string' ? request : request.url, location.href).href;
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (request: string, response: Response) => void store.set(address(request), response),
      match: async (request: string) => store.get(address(request)),
      delete: async (request: string | { url: string }) => store.delete(address(request)),
      keys: async () => [...store.keys()].map((url) => ({ url })),
    };
  };
  /** What the offline cache holds, as paths. */
  const kept = () => [...(stores.get('inkwell-offline-v1')?.keys() ?? [])].map((url) => new URL(url).pathname);
  return { stores, kept, api: { open } };
}

const DAY = 24 * 60 * 60_000;
const keptChapter = (chapterSlug: string, savedAt: Date): Download => ({
  chapterId: `id-${chapterSlug}`,
  seriesSlug: 'lantern',
  chapterSlug,
  seriesTitle: 'The Lantern Keeper',
  chapterTitle: chapterSlug,
  bytes: 1000,
  savedAt: savedAt.toISOString(),
  urls: [chapterApiUrl('lantern', chapterSlug), `/media/pages/${chapterSlug}/1.webp`],
});

describe('chapters kept offline are looked after on each start (issue 21 §3)', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  let caches: ReturnType<typeof fakeCaches>;

  beforeEach(async () => {
    caches = fakeCaches();
    vi.stubGlobal('caches', caches.api);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    const downloads = [
      keptChapter('old', new Date(now.getTime() - 31 * DAY)),
      keptChapter('refunded', now),
      keptChapter('readable', now),
      keptChapter('gone', now),
    ];
    writeBrowserOwner('ann');
    localStorage.setItem('inkwell.downloads.ann', JSON.stringify(downloads));
    const cache = await caches.api.open('inkwell-offline-v1');
    for (const download of downloads) for (const url of download.urls) await cache.put(url, new Response('bytes'));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('drops what is past 30 days, and what the server no longer lets this reader read whole, with its bytes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === chapterApiUrl('lantern', 'readable')) return Response.json({ data: { canRead: true, isPreview: false } });
        if (url === chapterApiUrl('lantern', 'refunded')) return Response.json({ data: { canRead: false, isPreview: true } });
        if (url === chapterApiUrl('lantern', 'gone')) return Response.json({ success: false }, { status: 404 });
        return new Response(null, { status: 500 });
      }),
    );
    await pruneDownloads(now);
    expect(listDownloads().map((download) => download.chapterSlug)).toEqual(['readable']);
    expect(caches.kept()).toEqual([chapterApiUrl('lantern', 'readable'), '/media/pages/readable/1.webp']);
  });

  it('offline, keeps what it cannot ask about, and still drops what has expired', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await pruneDownloads(now);
    expect(listDownloads().map((download) => download.chapterSlug)).toEqual(['refunded', 'readable', 'gone']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps a chapter while the server is in trouble (a 5xx is no verdict)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    await pruneDownloads(now);
    expect(listDownloads().map((download) => download.chapterSlug)).toEqual(['refunded', 'readable', 'gone']);
  });
});

describe('kept chapters belong to the reader who kept them (issue 32 §3)', () => {
  let caches: ReturnType<typeof fakeCaches>;
  const now = new Date('2026-11-26T12:00:00Z');

  /** Keeps `slug` for `owner` as keepOffline leaves it: its list entry and its bytes. */
  async function keepFor(owner: string, slug: string) {
    const download = keptChapter(slug, now);
    const key = `inkwell.downloads.${owner}`;
    localStorage.setItem(key, JSON.stringify([download, ...(JSON.parse(localStorage.getItem(key) ?? '[]') as Download[])]));
    const cache = await caches.api.open('inkwell-offline-v1');
    for (const url of download.urls) await cache.put(url, new Response('bytes'));
  }

  beforeEach(() => {
    caches = fakeCaches();
    vi.stubGlobal('caches', caches.api);
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("lists only the browser's owner's chapters, and none when nobody is signed in here", async () => {
    await keepFor('ann', 'one');
    await keepFor('ben', 'two');
    writeBrowserOwner('ben');
    expect(listDownloads().map((download) => download.chapterSlug)).toEqual(['two']);
    writeBrowserOwner(null);
    expect(listDownloads()).toEqual([]);
  });

  it("keeps one reader's chapters alone: every other list goes, the shared one of old too, with every byte not theirs", async () => {
    await keepFor('ann', 'one');
    await keepFor('ben', 'two');
    localStorage.setItem('inkwell.downloads', JSON.stringify([keptChapter('old-list', now)]));
    const cache = await caches.api.open('inkwell-offline-v1');
    await cache.put('/media/pages/half-kept/1.webp', new Response('bytes'));
    writeBrowserOwner('ben');
    await keepOnlyDownloadsOf('ben');
    expect(Object.keys(localStorage).sort()).toEqual(['inkwell.downloads.ben', 'inkwell.owner']);
    expect(caches.kept()).toEqual([chapterApiUrl('lantern', 'two'), '/media/pages/two/1.webp']);

    writeBrowserOwner(null);
    await keepOnlyDownloadsOf(null);
    expect(Object.keys(localStorage)).toEqual([]);
    expect(caches.kept()).toEqual([]);
  });

  it('keeps nothing of a chapter whose keeping ends after its reader signed out', async () => {
    writeBrowserOwner('ann');
    const chapter = {
      chapter: { id: 'c7', slug: 'seven', number: 7, title: '' },
      series: { slug: 'lantern', title: 'The Lantern Keeper' },
      canRead: true,
      isPreview: false,
      pages: [{ url: '/media/pages/seven/1.webp' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === chapterApiUrl('lantern', 'seven')) return Response.json({ data: chapter });
        // The reader signs out while the pages are being fetched.
        if (url === '/media/pages/seven/1.webp') writeBrowserOwner(null);
        if (url === '/profile/downloads') return new Response('<html></html>');
        return new Response('bytes');
      }),
    );
    await expect(keepOffline('lantern', 'seven')).rejects.toThrow();
    expect(caches.kept()).toEqual([]);
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
