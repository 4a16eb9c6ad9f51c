import type { Banner, ChapterSummary, Genre, Image, SearchResult, SeriesCard } from '@inkwell/contract';
import { chapterAccess, isPremiumNow, type Viewer } from '../access/access';
import type { BannerRow } from '../banners/banners.repository';
import type { ChapterListRow } from '../chapters/chapters.repository';
import type { GenreRow } from '../genres/genres.repository';
import type { SeriesRow } from '../series/series.repository';

export const mediaUrl = (key: string) => `/media/${key}`;

export function toImage(key: string | null, width: number | null, height: number | null): Image | null {
  return key && width && height ? { url: mediaUrl(key), width, height } : null;
}

export const coverOf = (row: Pick<SeriesRow, 'coverKey' | 'coverWidth' | 'coverHeight'>) =>
  toImage(row.coverKey, row.coverWidth, row.coverHeight);

/** What a series page and the team's series editor both show of a series. */
export function seriesFields(row: SeriesRow, genres: GenreRow[]) {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    alternativeNames: row.alternativeNames,
    description: row.description,
    status: row.status,
    cover: coverOf(row),
    author: row.author,
    artist: row.artist,
    releaseYear: row.releaseYear,
    isAdult: row.isAdult,
    genres: genres.map(toGenre),
  };
}

export function toCard(row: SeriesRow, latest: ChapterListRow[], now: Date): SeriesCard {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    title: row.title,
    status: row.status,
    cover: coverOf(row),
    isAdult: row.isAdult,
    latestChapters: latest.map((chapter) => ({
      slug: chapter.slug,
      number: chapter.number,
      title: chapter.title,
      publishedAt: (chapter.publishedAt ?? now).toISOString(),
      isPremium: isPremiumNow(chapter, now),
    })),
    lastChapterAt: row.lastChapterAt?.toISOString() ?? null,
  };
}

export function toChapterSummary(chapter: ChapterListRow, viewer: Viewer, now: Date): ChapterSummary {
  return {
    id: chapter.id,
    slug: chapter.slug,
    number: chapter.number,
    title: chapter.title,
    publishedAt: chapter.publishedAt?.toISOString() ?? null,
    price: chapter.price,
    freeAt: chapter.freeAt?.toISOString() ?? null,
    access: chapterAccess(chapter, viewer, now),
  };
}

export const toGenre = (row: GenreRow): Genre => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
});

export function toBanner(row: BannerRow): Banner | null {
  const image = toImage(row.imageKey, row.imageWidth, row.imageHeight);
  return image ? { id: row.id, title: row.title, subtitle: row.subtitle, showText: row.showText, link: row.link, image } : null;
}

export function toSearchResult(row: SeriesRow): SearchResult {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    cover: row.coverKey ? mediaUrl(row.coverKey) : null,
    description: row.description,
    status: row.status,
    alternativeNames: row.alternativeNames,
  };
}
