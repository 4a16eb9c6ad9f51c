import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { banners, chapterPages, chapters, genres, series, seriesGenres } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { MediaStorage } from '../media/storage';
import { refreshLastChapterAt } from './catalogue.repository';
import { chapterSlugFor, slugify } from './team-catalogue.service';

/*
 * Demo content for a first start, so the site is alive at once: series of both kinds with
 * covers and pages drawn here (SVG rendered by sharp, no binary fixtures), a few hundred
 * chapters (some priced, some in early access, some scheduled), genres and banners.
 */

const DAY = 86_400_000;
const GENRES = ['Action', 'Adventure', 'Comedy', 'Drama', 'Fantasy', 'Horror', 'Mystery', 'Romance', 'Sci-Fi', 'Slice of Life'];

interface DemoSeries {
  type: 'comic' | 'novel';
  title: string;
  alternativeNames: string;
  description: string;
  status: 'ongoing' | 'completed' | 'hiatus' | 'cancelled';
  author: string;
  artist: string;
  releaseYear: number;
  genres: string[];
  hue: number;
  chapters: number;
  /** How the newest chapters are sold: early access with a free date, premium for good, or free. */
  model: 'early' | 'premium' | 'free';
  scheduled?: boolean;
  halfChapter?: boolean;
}

const SERIES: DemoSeries[] = [
  {
    type: 'comic',
    title: 'The Lantern Keeper',
    alternativeNames: 'Keeper of Lanterns, Lantern-ui Suhoja',
    description:
      'In a city where the night swallows anyone without light, a shy apprentice inherits the last lantern workshop and the monsters that come with it.',
    status: 'ongoing',
    author: 'Mira Holt',
    artist: 'Jun Seo',
    releaseYear: 2024,
    genres: ['Fantasy', 'Action', 'Mystery'],
    hue: 38,
    chapters: 32,
    model: 'early',
    scheduled: true,
    halfChapter: true,
  },
  {
    type: 'comic',
    title: 'Solo Leveling Up the Stairs',
    alternativeNames: 'Stairway Hunter',
    description:
      'Every floor of the endless tower makes Kael stronger, and every floor remembers him. A climb told one staircase at a time.',
    status: 'ongoing',
    author: 'Dae Park',
    artist: 'Rin Ota',
    releaseYear: 2023,
    genres: ['Action', 'Adventure', 'Fantasy'],
    hue: 210,
    chapters: 40,
    model: 'premium',
    scheduled: true,
  },
  {
    type: 'comic',
    title: 'Paper Moon Café',
    alternativeNames: 'Kamitsuki Kissa',
    description:
      'A café that only opens during full moons serves drinks that taste like memories. Its new barista has forgotten all of hers.',
    status: 'completed',
    author: 'Aya Mori',
    artist: 'Aya Mori',
    releaseYear: 2021,
    genres: ['Slice of Life', 'Romance', 'Fantasy'],
    hue: 300,
    chapters: 24,
    model: 'free',
  },
  {
    type: 'comic',
    title: 'Iron Orchard',
    alternativeNames: 'The Rust Garden',
    description:
      'After the machines learned to grow fruit, one farmer refuses to sell her orchard. The machines have never been refused before.',
    status: 'ongoing',
    author: 'Tomas Reyes',
    artist: 'Lea Varga',
    releaseYear: 2025,
    genres: ['Sci-Fi', 'Drama'],
    hue: 12,
    chapters: 18,
    model: 'early',
  },
  {
    type: 'comic',
    title: 'Ghost Shift',
    alternativeNames: 'Night Desk, Yakin no Yurei',
    description: 'The night clerk at a rundown hotel takes complaints from guests who checked out decades ago.',
    status: 'hiatus',
    author: 'Kenji Sato',
    artist: 'Mai Ito',
    releaseYear: 2022,
    genres: ['Horror', 'Comedy', 'Mystery'],
    hue: 160,
    chapters: 21,
    model: 'free',
  },
  {
    type: 'comic',
    title: 'Starboard Hearts',
    alternativeNames: 'Love on Deck',
    description: 'Two rival navigators are stuck on the same airship for a season of races across the cloud sea.',
    status: 'ongoing',
    author: 'Nina Sol',
    artist: 'Ivo Brand',
    releaseYear: 2024,
    genres: ['Romance', 'Adventure', 'Comedy'],
    hue: 190,
    chapters: 27,
    model: 'early',
    scheduled: true,
  },
  {
    type: 'comic',
    title: 'Crown of Ash',
    alternativeNames: 'Ash Crown Chronicle',
    description: 'A disgraced knight must escort the princess who exiled him across a kingdom that burned itself down.',
    status: 'cancelled',
    author: 'Ruth Kane',
    artist: 'Omar Haddad',
    releaseYear: 2020,
    genres: ['Fantasy', 'Drama', 'Action'],
    hue: 0,
    chapters: 15,
    model: 'free',
  },
  {
    type: 'comic',
    title: 'Pixel Heist',
    alternativeNames: '8-Bit Robbery',
    description: 'A crew of retired game testers plan to rob the one arcade that never lets anyone win.',
    status: 'ongoing',
    author: 'Sam Lowe',
    artist: 'Kit Nakamura',
    releaseYear: 2025,
    genres: ['Comedy', 'Action'],
    hue: 265,
    chapters: 22,
    model: 'premium',
  },
  {
    type: 'novel',
    title: 'The Cartographer of Lost Winds',
    alternativeNames: 'Lost Winds',
    description:
      'A mapmaker who can draw the wind sets out to chart the one gale that never returns, and the city it carried away.',
    status: 'ongoing',
    author: 'Elena Marsh',
    artist: '',
    releaseYear: 2023,
    genres: ['Fantasy', 'Adventure'],
    hue: 95,
    chapters: 36,
    model: 'early',
    scheduled: true,
  },
  {
    type: 'novel',
    title: 'Second Life as a Village Doctor',
    alternativeNames: 'Village Doctor Reborn',
    description:
      'A surgeon wakes up in a medieval village with her memories and none of her tools. The village has a lot of patients.',
    status: 'ongoing',
    author: 'Hana Cho',
    artist: '',
    releaseYear: 2024,
    genres: ['Fantasy', 'Slice of Life', 'Drama'],
    hue: 140,
    chapters: 45,
    model: 'premium',
    scheduled: true,
  },
  {
    type: 'novel',
    title: 'Murder at Willowmere',
    alternativeNames: 'The Willowmere Case',
    description:
      'The quietest town in the county has its first murder in eighty years, and the retired librarian is the only one paying attention.',
    status: 'completed',
    author: 'Agatha Bell',
    artist: '',
    releaseYear: 2019,
    genres: ['Mystery', 'Drama'],
    hue: 225,
    chapters: 28,
    model: 'free',
  },
  {
    type: 'novel',
    title: 'Signal from Europa',
    alternativeNames: 'Europa Signal',
    description: 'A radio engineer on a failing ice station starts receiving messages in her own voice, sent from next week.',
    status: 'ongoing',
    author: 'Ravi Menon',
    artist: '',
    releaseYear: 2025,
    genres: ['Sci-Fi', 'Mystery', 'Horror'],
    hue: 175,
    chapters: 26,
    model: 'early',
  },
  {
    type: 'novel',
    title: 'The Duke Who Hated Tea',
    alternativeNames: 'A Duke Without Tea',
    description: 'A duke famous for hating tea must host the empire’s tea ceremony, with help from the tea merchant he insulted.',
    status: 'ongoing',
    author: 'Clara Vance',
    artist: '',
    releaseYear: 2024,
    genres: ['Romance', 'Comedy'],
    hue: 340,
    chapters: 30,
    model: 'free',
    scheduled: true,
  },
  {
    type: 'novel',
    title: 'Bones of the Old Road',
    alternativeNames: 'Old Road',
    description: 'Caravan guards on the oldest road in the world know not to stop at night. This season, a new guard does.',
    status: 'hiatus',
    author: 'Marcus Grey',
    artist: '',
    releaseYear: 2022,
    genres: ['Horror', 'Adventure'],
    hue: 28,
    chapters: 20,
    model: 'free',
  },
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) =>
      ({
        '<': '&lt;',
        '>': '&gt;',
        '&': '&amp;',
        "'": '&apos;',
        '"': '&quot;',
      })[c] ?? c,
  );

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line.trim());
      line = word;
    } else line += ` ${word}`;
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

function coverSvg(item: DemoSeries): string {
  const h = item.hue;
  const lines = wrap(item.title, 14)
    .map(
      (line, i) =>
        `<text x="40" y="${520 + i * 52}" font-family="DejaVu Serif, serif" font-weight="bold" font-size="44" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="680">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1">
      <stop offset="0" stop-color="hsl(${h},70%,55%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},60%,18%)"/></linearGradient></defs>
    <rect width="480" height="680" fill="url(#g)"/>
    <circle cx="360" cy="170" r="120" fill="hsl(${(h + 180) % 360},80%,70%)" opacity="0.35"/>
    <circle cx="120" cy="260" r="70" fill="#fff" opacity="0.15"/>
    <path d="M0 470 Q 240 380 480 470 L480 680 L0 680 Z" fill="#000" opacity="0.35"/>
    ${lines}
    <text x="40" y="650" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#fff" opacity="0.8">${escapeXml(item.author)}</text>
  </svg>`;
}

function pageSvg(item: DemoSeries, page: number): string {
  const h = (item.hue + page * 25) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200">
    <rect width="800" height="1200" fill="#f4f1ea"/>
    <rect x="30" y="30" width="740" height="520" rx="8" fill="hsl(${h},55%,62%)" stroke="#222" stroke-width="6"/>
    <circle cx="${200 + page * 90}" cy="260" r="120" fill="hsl(${(h + 160) % 360},60%,40%)" stroke="#222" stroke-width="5"/>
    <ellipse cx="560" cy="140" rx="170" ry="70" fill="#fff" stroke="#222" stroke-width="4"/>
    <text x="420" y="150" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#222">${escapeXml(['Did you hear that?', 'Not again…', 'We go now!', 'Who is there?', 'Trust me.'][page % 5] ?? '')}</text>
    <rect x="30" y="580" width="355" height="590" rx="8" fill="hsl(${(h + 60) % 360},45%,70%)" stroke="#222" stroke-width="6"/>
    <rect x="415" y="580" width="355" height="590" rx="8" fill="hsl(${(h + 120) % 360},45%,55%)" stroke="#222" stroke-width="6"/>
    <path d="M60 1100 L200 700 L340 1100 Z" fill="#222" opacity="0.55"/>
    <circle cx="590" cy="860" r="110" fill="#fff" opacity="0.5"/>
    <text x="400" y="1185" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="20" fill="#555">${escapeXml(item.title)} · page ${page + 1}</text>
  </svg>`;
}

function bannerSvg(title: string, subtitle: string, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="500">
    <defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="hsl(${hue},70%,25%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,50%)"/></linearGradient></defs>
    <rect width="1600" height="500" fill="url(#b)"/>
    <circle cx="1300" cy="250" r="220" fill="#fff" opacity="0.12"/>
    <text x="90" y="240" font-family="DejaVu Serif, serif" font-weight="bold" font-size="84" fill="#fff">${escapeXml(title)}</text>
    <text x="94" y="320" font-family="DejaVu Sans, sans-serif" font-size="38" fill="#fff" opacity="0.9">${escapeXml(subtitle)}</text>
  </svg>`;
}

async function render(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

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
