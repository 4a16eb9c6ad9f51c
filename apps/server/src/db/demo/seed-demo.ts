import { randomUUID } from 'node:crypto';
import type { Database } from '../client';
import type { Clock } from '../../lib/clock';
import { chapterSlugFor, slugify } from '../../lib/slug';
import { insertBanner } from '../../modules/banners/banners.repository';
import { insertChapters, type NewChapter } from '../../modules/chapters/chapters.repository';
import { insertPages } from '../../modules/chapters/pages.repository';
import { insertGenre } from '../../modules/genres/genres.repository';
import type { MediaStorage } from '../../modules/media/storage';
import { countSeries, insertSeries, refreshLastChapterAt, replaceSeriesGenres } from '../../modules/series/series.repository';
import { GENRES, SERIES, type DemoSeries } from './demo-catalogue';
import { bannerSvg, coverSvg, escapeXml, pageSvg, render } from './demo-art';

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
  if ((await countSeries(db)) > 0) return false;
  const now = clock.now().getTime();

  const genreId = new Map<string, string>();
  for (const name of GENRES) genreId.set(name, (await insertGenre(db, { name, slug: slugify(name, 'genre') })).id);

  const put = async (key: string, image: { data: Buffer }) => storage.put(key, image.data, 'image/webp');

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
      views: 500 + ((index * 7919) % 9000),
      createdAt: new Date(now - (SERIES.length - index) * 9 * DAY),
    });
    await replaceSeriesGenres(
      db,
      id,
      item.genres.map((name) => genreId.get(name)!),
    );

    // A comic's pages are drawn once per series, but every chapter stores its own copies under its
    // own prefix: a chapter owns its pages, so removing one never touches another's (issue 7 §4.5).
    const pagePool: { data: Buffer; width: number; height: number }[] = [];
    if (item.type === 'comic') {
      for (let page = 0; page < 4; page += 1) pagePool.push(await render(pageSvg(item, page)));
    }

    const numbers = Array.from({ length: item.chapters }, (_, i) => i + 1);
    if (item.halfChapter) numbers.splice(10, 0, 10.5);
    const chapterValues = numbers.map((number, i): NewChapter & { id: string } => {
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
    await insertChapters(db, chapterValues);
    const pages = [];
    for (const [c, chapter] of chapterValues.entries()) {
      for (let position = 0; position < pagePool.length; position += 1) {
        // Rotate the pool so neighbouring chapters do not look identical.
        const pick = pagePool[(position + c) % pagePool.length]!;
        const key = `pages/${chapter.id}/${randomUUID()}.webp`;
        await put(key, pick);
        pages.push({ chapterId: chapter.id, position, imageKey: key, width: pick.width, height: pick.height });
      }
    }
    await insertPages(db, pages);
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
    await insertBanner(db, {
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
