import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { dailyViews } from '../db/schema';
import type { Clock } from '../lib/clock';
import { chapterSlugFor, slugify } from '../lib/slug';
import { insertBanner } from '../modules/banners';
import { insertChapters, insertPages, type NewChapter } from '../modules/chapters';
import { insertGenre } from '../modules/genres';
import type { MediaStorage } from '../modules/media';
import { countSeries, insertSeries, refreshLastChapterAt, replaceSeriesGenres } from '../modules/series';
import { GENRES, SERIES, type DemoSeries } from './demo-catalogue';
import { bannerSvg, coverSvg, escapeXml, pageSvg, render, seeded } from './demo-art';

/*
 * Demo content for a first start, so the site is alive at once: series of both kinds with
 * covers and pages drawn in demo-art.ts (SVG rendered by sharp, no binary fixtures), a few hundred
 * chapters (some priced, some in early access, some scheduled), genres and banners.
 */

const DAY = 86_400_000;
const DEMO_VIEW_DAYS = 14;
/** Sentences a chapter is written from; the {slots} are filled from the series' own cast and places. */
const SENTENCES = [
  'The wind changed before anyone noticed, the way it always did on the eve of something important.',
  '{hero} counted the steps twice, because the first count never agreed with the second.',
  'Somewhere below {place}, a door that had been locked for years gave a small, tired click.',
  '“We should not be here,” {friend} said, which was exactly what {friend} had said the last time.',
  'The lamps along the road flickered in a pattern that almost looked like writing.',
  'Nobody in {place} would admit to remembering the old song, yet everyone hummed it.',
  'By noon the rumour about {thing} had reached the market, and by evening it had grown a second head.',
  '{hero}’s hands were steady; it was the rest of the world that shook.',
  'There are letters you write to be read, and letters you write so that you can stop carrying them.',
  'The map was wrong in only one place, and that was the place they needed to go.',
  '{friend} laughed, too loudly, and then looked around as if the laugh might be overheard.',
  'It took {hero} the better part of an hour to understand that {thing} was not where it had been left.',
  'Rain came in sideways over {place}, and with it a smell of iron and old paper.',
  '“Tell me the truth this time,” {hero} said. {friend} did not answer at once.',
  'The clock in the hall had stopped at eleven minutes past three, as it did every night.',
  'Every story about {thing} ended the same way, which was the strongest reason to doubt them.',
  '{rival} was waiting at the gate, as if the whole day had been arranged for this moment.',
  'No one had slept; no one wanted to be the first to say so.',
  'The letter was short, unsigned, and written in a hand {hero} knew far too well.',
  '{friend} pressed {thing} into {hero}’s palm and closed the fingers around it.',
  'Far off, beyond {place}, a bell rang once and did not ring again.',
  '{rival} smiled the kind of smile that makes a room feel smaller.',
  'They agreed on a plan, which is to say they agreed to stop arguing about it.',
  'For a moment everything was quiet, and the quiet had weight.',
  'The stairs went down further than the house was tall.',
  '{hero} wrote it all down that night, in case the morning tried to take it back.',
  'Some promises are made to keep a person, not to keep a word.',
  'Even {rival} looked uneasy when the lights went out.',
  '{friend} found the second key exactly where no one would have thought to look: in plain sight.',
  'When the answer finally came, it was smaller and stranger than the question.',
];
const HEROES = ['Ada', 'Kael', 'Mina', 'Tomas', 'Iris', 'Juno', 'Soren', 'Lio'];
const FRIENDS = ['Bram', 'Elsie', 'Niko', 'Wren', 'Osei', 'Pia', 'Rhea', 'Dax'];
const RIVALS = ['Lady Voss', 'the Warden', 'Captain Hale', 'old Marrow', 'the Archivist', 'Serin'];
const PLACES = ['the old quarter', 'the harbour', 'the station', 'the north road', 'the library', 'the orchard'];
const THINGS = ['the brass key', 'the last lantern', 'the sealed letter', 'the silver compass', 'the ledger', 'the music box'];

/** A sentence that opens with a name like "the Warden" still opens with a capital. */
const capitalized = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** A novel chapter: paragraphs of 3–5 sentences drawn without repeats, with the series' own names. */
export function novelText(item: DemoSeries, number: number): string {
  const random = seeded(item.hue * 10_007 + Math.round(number * 10));
  const cast = (list: string[]) => list[item.hue % list.length]!;
  const fill = (sentence: string) =>
    capitalized(
      sentence
        .replaceAll('{hero}', cast(HEROES))
        .replaceAll('{friend}', cast(FRIENDS))
        .replaceAll('{rival}', cast(RIVALS))
        .replaceAll('{place}', cast(PLACES))
        .replaceAll('{thing}', THINGS[Math.floor(random() * THINGS.length)]!),
    );
  // A shuffled deck of the sentences: no sentence twice in a chapter.
  const deck = SENTENCES.map((sentence) => ({ sentence, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((entry) => entry.sentence);
  const paragraphs: string[] = [];
  let next = 0;
  while (next < deck.length - 3 && paragraphs.length < 8) {
    const size = 3 + Math.floor(random() * 3);
    paragraphs.push(
      `<p>${escapeXml(
        deck
          .slice(next, next + size)
          .map(fill)
          .join(' '),
      )}</p>`,
    );
    next += size;
  }
  return `<h2>Chapter ${number}</h2>${paragraphs.join('')}`;
}

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
