import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { dailyViews } from '../db/schema';
import type { Clock } from '../lib/clock';
import { chapterSlugFor, slugify } from '../lib/slug';
import { insertBanner } from '../modules/catalogue/banners';
import { insertChapters, insertPages, type NewChapter, refreshLastChapterAt } from '../modules/catalogue/chapters';
import { insertGenre, replaceSeriesGenres } from '../modules/catalogue/genres';
import type { MediaStorage } from '../modules/platform/media';
import { countSeries, insertSeries } from '../modules/catalogue/series';
import { GENRES, SERIES, type DemoSeries } from './demo-catalogue';
import { bannerSvg, coverSvg, pageSvg, render, seeded } from './demo-art';
import { seedDemoEditions, type SeededSeries } from './demo-editions';
import { novelText } from './demo-novel';

/*
 * Demo content for a first start, so the site is alive at once: series of both kinds with
 * covers and pages drawn in demo-art.ts (SVG rendered by sharp, no binary fixtures), a few hundred
 * chapters (some priced, some in early access, some scheduled), genres and banners.
 */

const DAY = 86_400_000;
const DEMO_VIEW_DAYS = 14;
/** A comic series' drawn pages; each chapter takes 4 of them in an order no other chapter has. */
const PAGE_POOL = 12;
const PAGES_PER_CHAPTER = 4;
/** Steps coprime to the pool size: together with the start, 48 chapters get 48 different orders. */
const PAGE_STEPS = [1, 5, 7, 11];
export function pagesOfDemoChapter(chapterIndex: number): number[] {
  const count = PAGES_PER_CHAPTER;
  const start = chapterIndex % PAGE_POOL;
  const step = PAGE_STEPS[Math.floor(chapterIndex / PAGE_POOL) % PAGE_STEPS.length]!;
  return Array.from({ length: count }, (_, position) => (start + position * step) % PAGE_POOL);
}

/**
 * A demo series' chapters, oldest first: every few days, the newest within the last day or two,
 * priced or in early access by the series' model, and its newest one scheduled when it says so.
 */
function demoChapters(item: DemoSeries, index: number, seriesId: string, now: number) {
  const numbers = Array.from({ length: item.chapters }, (_, i) => i + 1);
  if (item.halfChapter) numbers.splice(10, 0, 10.5);
  return numbers.map((number, i): NewChapter & { id: string } => {
    const fromEnd = numbers.length - 1 - i;
    // Older chapters every few days; the newest within the last day or two.
    let publishedAt: Date | null = new Date(now - (fromEnd * 3 + 1) * DAY - index * 3_600_000);
    let price = 0;
    let freeAt: Date | null = null;
    if (item.model === 'early' && fromEnd < 3) {
      price = 30;
      freeAt = new Date(now + (3 - fromEnd) * 2 * DAY);
    }
    if (item.model === 'premium' && fromEnd < 4) price = 50;
    if (item.scheduled && fromEnd === 0) {
      publishedAt = new Date(now + 2 * DAY + index * 3_600_000);
    }
    return {
      id: randomUUID(),
      seriesId,
      number,
      slug: chapterSlugFor(number),
      title: number === 1 ? 'Beginnings' : number === 10.5 ? 'Interlude' : '',
      publishedAt,
      // What is already out was announced when it came out; scheduled chapters are released by the tick.
      announcedAt: publishedAt && publishedAt.getTime() <= now ? publishedAt : null,
      price,
      freeAt,
      content: item.type === 'novel' ? novelText(item, number) : null,
      // Priced chapters show a taste before the lock: two pages, or a fifth of the text.
      previewPages: price > 0 ? 2 : 0,
      previewPercent: price > 0 ? 20 : 0,
    };
  });
}

/** Fills an empty catalogue. Returns false (and does nothing) when any series exists. */
export async function seedDemoContent(db: Database, storage: MediaStorage, clock: Clock): Promise<boolean> {
  if ((await countSeries(db)) > 0) return false;
  const now = clock.now().getTime();

  const genreId = new Map<string, string>();
  for (const name of GENRES) genreId.set(name, (await insertGenre(db, { name, slug: slugify(name, 'genre') })).id);

  const put = async (key: string, image: { data: Buffer }) => storage.put(key, image.data, 'image/webp');
  const seededSeries = new Map<string, SeededSeries>();

  for (const [index, item] of SERIES.entries()) {
    const id = randomUUID();
    const cover = await render(coverSvg(item));
    const coverKey = `covers/${id}/${randomUUID()}.webp`;
    await put(coverKey, cover);
    await insertSeries(db, {
      id,
      type: item.type,
      slug: slugify(item.title),
      title: item.title,
      alternativeNames: item.alternativeNames,
      description: item.description,
      status: item.status,
      coverKey,
      coverWidth: cover.width,
      coverHeight: cover.height,
      author: item.author,
      artist: item.artist,
      releaseYear: item.releaseYear,
      isPublished: true,
      isAdult: item.isAdult ?? false,
      ...item.ladder,
      views: 500 + ((index * 7919) % 9000),
      createdAt: new Date(now - (SERIES.length - index) * 9 * DAY),
    });
    await replaceSeriesGenres(
      db,
      id,
      item.genres.map((name) => genreId.get(name)!),
    );
    // Two weeks of daily views, so "Trending this week" has something to rank on a first start.
    const recent = seeded(item.hue + index);
    await db.insert(dailyViews).values(
      Array.from({ length: DEMO_VIEW_DAYS }, (_, daysAgo) => ({
        day: new Date(now - daysAgo * DAY).toISOString().slice(0, 10),
        seriesId: id,
        views: 5 + Math.floor(recent() * 60 * (1 + (index % 4))),
      })),
    );

    // A comic's pages are drawn once per series, but every chapter stores its own copies under its
    // own prefix: a chapter owns its pages, so removing one never touches another's (issue 7 §4.5).
    const pagePool: { data: Buffer; width: number; height: number }[] = [];
    if (item.type === 'comic') {
      for (let page = 0; page < PAGE_POOL; page += 1) pagePool.push(await render(pageSvg(item, page + index * PAGE_POOL)));
    }

    const chapterValues = demoChapters(item, index, id, now);
    await insertChapters(db, chapterValues);
    seededSeries.set(item.title, { id, chapters: chapterValues.map(({ id: chapterId, number }) => ({ id: chapterId, number })) });
    const pages = [];
    for (const [c, chapter] of chapterValues.entries()) {
      if (pagePool.length === 0) break;
      for (const [position, drawn] of pagesOfDemoChapter(c).entries()) {
        const pick = pagePool[drawn]!;
        const key = `pages/${chapter.id}/${randomUUID()}.webp`;
        await put(key, pick);
        pages.push({ chapterId: chapter.id, position, imageKey: key, width: pick.width, height: pick.height });
      }
    }
    await insertPages(db, pages);
    await refreshLastChapterAt(db, [id], new Date(now));
  }
  await seedDemoEditions(db, seededSeries);

  const bannerItems = [
    {
      title: 'The Lantern Keeper',
      subtitle: 'New chapters every week: read the early access now',
      link: '/SeriesView/the-lantern-keeper',
      hue: 30,
    },
    {
      title: 'Read a novel tonight',
      subtitle: 'Pick your font, size and theme: your reader, your way',
      link: '/novels',
      hue: 200,
    },
    {
      title: 'Premium picks',
      subtitle: 'The newest chapters, before anyone else',
      link: '/premium',
      hue: 280,
    },
  ];
  for (const [position, item] of bannerItems.entries()) {
    const id = randomUUID();
    const image = await render(bannerSvg(item.hue));
    const key = `banners/${id}/${randomUUID()}.webp`;
    await put(key, image);
    await insertBanner(db, {
      id,
      title: item.title,
      subtitle: item.subtitle,
      showText: true,
      link: item.link,
      position,
      imageKey: key,
      imageWidth: image.width,
      imageHeight: image.height,
    });
  }
  return true;
}
