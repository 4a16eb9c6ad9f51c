import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { banners, chapterPages, chapters, genres, series, seriesGenres } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MediaStorage } from '../media/storage';
import { refreshLastChapterAt } from './catalogue.repository';
import { GENRES, SERIES, type DemoSeries } from './demo-catalogue';
import { bannerSvg, coverSvg, escapeXml, pageSvg, render } from './demo-art';
import { chapterSlugFor, slugify } from './team-shared';

/*
 * Demo content for a first start, so the site is alive at once: series of both kinds with
 * covers and pages drawn in demo-art.ts (SVG rendered by sharp, no binary fixtures), a few hundred
 * chapters (some priced, some in early access, some scheduled), genres and banners.
 */

const DAY = 86_400_000;
const SENTENCES = [
  'The wind changed before anyone noticed, the way it always did on the eve of something important.',
  'She counted the steps twice, because the first count never agreed with the second.',
  'Somewhere below, a door that had been locked for years gave a small, tired click.',
  '“We should not be here,” he said, which was exactly what he had said the last time.',
  'The lamps along the road flickered in a pattern that almost looked like writing.',
  'Nobody in the village would admit to remembering the old song, yet everyone hummed it.',
  'By noon the rumour had reached the market, and by evening it had grown a second head.',
  'Her hands were steady; it was the rest of the world that shook.',
  'There are letters you write to be read, and letters you write so that you can stop carrying them.',
  'The map was wrong in only one place, and that was the place they needed to go.',
];

function novelText(item: DemoSeries, number: number): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 9; p += 1) {
    const start = (number * 3 + p * 7 + item.hue) % SENTENCES.length;
    const sentences = [0, 1, 2, 3].map((i) => SENTENCES[(start + i * 3) % SENTENCES.length]);
    paragraphs.push(`<p>${escapeXml(sentences.join(' '))}</p>`);
  }
  return `<h2>Chapter ${number}</h2>${paragraphs.join('')}`;
}

/** Fills an empty catalogue. Returns false (and does nothing) when any series exists. */
export async function seedDemoContent(db: Database, storage: MediaStorage, clock: Clock): Promise<boolean> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(series);
  if ((existing?.count ?? 0) > 0) return false;
  const now = clock.now().getTime();

  const genreRows = await db
    .insert(genres)
    .values(GENRES.map((name) => ({ name, slug: slugify(name) })))
    .returning();
  const genreId = new Map(genreRows.map((row) => [row.name, row.id]));

  const put = async (key: string, image: { data: Buffer }) => storage.put(key, image.data, 'image/webp');

  for (const [index, item] of SERIES.entries()) {
    const id = randomUUID();
    const cover = await render(coverSvg(item));
    const coverKey = `covers/${id}/${randomUUID()}.webp`;
    await put(coverKey, cover);
    await db.insert(series).values({
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
      views: 500 + ((index * 7919) % 9000),
      createdAt: new Date(now - (SERIES.length - index) * 9 * DAY),
    });
    await db.insert(seriesGenres).values(
      item.genres.map((name) => ({
        seriesId: id,
        genreId: genreId.get(name)!,
      })),
    );

    // A comic's chapters share a small set of drawn pages (all under pages/, so all signed).
    const pagePool: { key: string; width: number; height: number }[] = [];
    if (item.type === 'comic') {
      for (let page = 0; page < 4; page += 1) {
        const image = await render(pageSvg(item, page));
        const key = `pages/demo-${id}/${randomUUID()}.webp`;
        await put(key, image);
        pagePool.push({ key, width: image.width, height: image.height });
      }
    }

    const numbers = Array.from({ length: item.chapters }, (_, i) => i + 1);
    if (item.halfChapter) numbers.splice(10, 0, 10.5);
    const chapterValues = numbers.map((number, i) => {
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
        seriesId: id,
        number,
        slug: chapterSlugFor(number),
        title: number === 1 ? 'Beginnings' : number === 10.5 ? 'Interlude' : '',
        publishedAt,
        price,
        freeAt,
        content: item.type === 'novel' ? novelText(item, number) : null,
      };
    });
    await db.insert(chapters).values(chapterValues);
    if (pagePool.length > 0) {
      await db.insert(chapterPages).values(
        chapterValues.flatMap((chapter, c) =>
          pagePool.map((page, position) => {
            // Rotate the pool so neighbouring chapters do not look identical.
            const pick = pagePool[(position + c) % pagePool.length]!;
            return {
              chapterId: chapter.id,
              position,
              imageKey: pick.key,
              width: pick.width,
              height: pick.height,
            };
          }),
        ),
      );
    }
    await refreshLastChapterAt(db, [id], new Date(now));
  }

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
    const image = await render(bannerSvg(item.title, item.subtitle, item.hue));
    const key = `banners/${id}/${randomUUID()}.webp`;
    await put(key, image);
    await db.insert(banners).values({
      id,
      title: item.title,
      link: item.link,
      position,
      imageKey: key,
      imageWidth: image.width,
      imageHeight: image.height,
    });
  }
  return true;
}
