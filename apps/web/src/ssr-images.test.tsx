import type { Banner, ChapterContent } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

/*
 * Issue 40 (phones): the image a page's largest paint is starts from the server's HTML, before any
 * script: the home page's first banner (a narrower copy on a phone) and a comic chapter's first page.
 */

const BANNER_URL = '/media/banners/b1/art.webp';
const banner: Banner = {
  id: '00000000-0000-4000-8000-0000000000b1',
  title: 'Summer event',
  subtitle: '',
  showText: true,
  link: '',
  image: {
    url: BANNER_URL,
    width: 1600,
    height: 500,
    srcSet: `${BANNER_URL}?w=640 640w, ${BANNER_URL}?w=960 960w, ${BANNER_URL}?w=1280 1280w, ${BANNER_URL} 1600w`,
  },
};
const secondBanner: Banner = {
  ...banner,
  id: '00000000-0000-4000-8000-0000000000b2',
  image: { ...banner.image, url: '/media/banners/b2/x.webp' },
};

const summary = (number: number, access: ChapterContent['chapter']['access']) => ({
  id: `00000000-0000-4000-8000-00000000000${number}`,
  slug: `chapter-${number}`,
  number,
  title: '',
  publishedAt: '2026-01-01T00:00:00.000Z',
  price: access === 'free' ? 0 : 30,
  freeAt: null,
  access,
  openUntil: null,
  language: 'en',
  fallback: false,
});
const pageOf = (n: number) => ({
  id: `00000000-0000-4000-8000-0000000000f${n}`,
  url: `/media/pages/c/${n}.webp?exp=1&sig=s${n}`,
  width: 800,
  height: 1200,
});
function chapter(over: Partial<ChapterContent>): ChapterContent {
  return {
    series: {
      id: '00000000-0000-4000-8000-0000000000aa',
      slug: 'lantern',
      title: 'The Lantern Keeper',
      type: 'comic',
      cover: null,
    },
    chapter: summary(2, 'free'),
    canRead: true,
    isPreview: false,
    pageCount: 3,
    pages: [1, 2, 3].map(pageOf),
    content: null,
    previous: null,
    next: null,
    chapters: [summary(2, 'free')],
    chapterCount: 1,
    offers: [],
    openUntil: null,
    language: 'en',
    fallback: false,
    ...over,
  };
}

/** The API as the server answers it in process, for a visitor: the answers a test gives by path, 404 otherwise. */
function api(answers: Record<string, unknown>) {
  return async (path: string): Promise<Response> => {
    const data = answers[path.split('?')[0] ?? path];
    if (path.endsWith('/verify')) return Response.json({ authenticated: false, user: null, message: 'no' });
    return data === undefined
      ? Response.json({ success: false, message: 'not here' }, { status: 404 })
      : Response.json({ success: true, data });
  };
}

async function renderPage(url: string, answers: Record<string, unknown>): Promise<string> {
  const result = await render({ url, fetch: api(answers), nonce: 'N' });
  if (result.kind !== 'page') throw new Error(`${url} was not drawn on the server (${result.kind})`);
  return result.html;
}

/** The preload links React writes ahead of the markup (web.ts moves them into the head). */
const preloadsOf = (html: string) => /^(?:<link rel="preload"[^>]*\/>)+/.exec(html)?.[0] ?? '';
/** Those asked for first (the page's largest image), in their order. */
const highPriorityPreloadsOf = (html: string) =>
  (preloadsOf(html).match(/<link [^>]*\/>/g) ?? []).filter((link) => link.includes('fetchPriority="high"'));
const imgOf = (html: string, src: string) =>
  new RegExp(`<img [^>]*src="${src.replace(/[.?]/g, '\\$&')}"[^>]*>`).exec(html)?.[0] ?? '';

describe('the largest image of a page starts from the server’s HTML (issue 40)', () => {
  it('home: the first banner carries its narrower copies, at high priority, never lazy, and is preloaded first', async () => {
    const html = await renderPage('/', {
      '/api/public/omegascans/public/home': {
        banners: [banner, secondBanner],
        latest: [],
        trending: [],
        newest: [],
        premium: [],
      },
    });
    const img = imgOf(html, BANNER_URL).replaceAll('&amp;', '&');
    expect(img).toContain(`srcSet="${banner.image.srcSet}"`);
    expect(img).toMatch(/sizes="[^"]+"/);
    expect(img).toContain('fetchPriority="high"');
    expect(img).not.toContain('loading="lazy"');
    // Preloaded by its srcset and sizes, so a phone's preload is the narrow copy, not the 1600 px original.
    const [first] = highPriorityPreloadsOf(html.replaceAll('&amp;', '&'));
    expect(first).toContain(`imageSrcSet="${banner.image.srcSet}"`);
    expect(first).toContain('imageSizes=');
    // Only the banner on screen is drawn: the next one is not fetched before it is shown.
    expect(html).not.toContain('/media/banners/b2/');
  });

  it('reader: the first page of a chapter the viewer may read is in the markup and preloaded at high priority', async () => {
    const html = await renderPage('/SeriesView/lantern/chapter-2', {
      '/api/public/omegascans/public/series/lantern/chapters/chapter-2': chapter({}),
    });
    const first = pageOf(1).url.replaceAll('&', '&amp;');
    const img = imgOf(html, first);
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('loading="eager"');
    expect(highPriorityPreloadsOf(html)).toEqual([expect.stringContaining(`href="${first}"`)]);
    // The pages below it wait until the reader nears them.
    expect(imgOf(html, pageOf(2).url.replaceAll('&', '&amp;'))).toContain('loading="lazy"');
    expect(preloadsOf(html)).not.toContain(pageOf(2).url.replaceAll('&', '&amp;'));
  });

  it('reader: a locked chapter names no page image of it, in the markup or the head', async () => {
    const locked = chapter({
      chapter: summary(2, 'locked'),
      canRead: false,
      pages: [],
      offers: [{ type: 'coins', price: 30 }],
    });
    const html = await renderPage('/SeriesView/lantern/chapter-2', {
      '/api/public/omegascans/public/series/lantern/chapters/chapter-2': locked,
    });
    expect(html).not.toContain('/media/pages/');
  });
});
