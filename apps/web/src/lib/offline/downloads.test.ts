import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chapterApiUrl, listDownloads, pruneDownloads, type Download } from './downloads';

/** Cache Storage as the browser keeps it, in memory: enough to see what is put and deleted. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      put: async (url: string, response: Response) => void store.set(url, response),
      match: async (url: string) => store.get(url),
      delete: async (url: string) => store.delete(url),
    };
  };
  return { stores, api: { open } };
}

const DAY = 24 * 60 * 60_000;
const kept = (chapterSlug: string, savedAt: Date): Download => ({
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
      kept('old', new Date(now.getTime() - 31 * DAY)),
      kept('refunded', now),
      kept('readable', now),
      kept('gone', now),
    ];
    localStorage.setItem('inkwell.downloads', JSON.stringify(downloads));
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
    const left = [...caches.stores.get('inkwell-offline-v1')!.keys()];
    expect(left).toEqual([chapterApiUrl('lantern', 'readable'), '/media/pages/readable/1.webp']);
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
