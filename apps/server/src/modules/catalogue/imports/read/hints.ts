import { canonicalLanguage, type ReadingDirection } from '@inkwell/contract';
import type { PlannedCredit } from '../plan';

/** What one file's own metadata says of its series (ComicInfo's series-level fields, an OPF, series.json). */
export interface SeriesHints {
  title?: string;
  type?: 'comic' | 'novel';
  description?: string;
  alternativeNames?: string;
  status?: 'ongoing' | 'completed' | 'hiatus' | 'cancelled';
  genres?: string[];
  credits?: PlannedCredit[];
  language?: string;
  isAdult?: boolean;
  readingDirection?: ReadingDirection;
  website?: string;
  releaseYear?: number;
}

/** What it says of the chapter itself. */
export interface ChapterHints {
  number?: number;
  volume?: number;
  title?: string;
  credits?: PlannedCredit[];
  releasedAt?: Date;
  language?: string;
}

/** A language tag as the catalogue keeps it, or nothing when it is not one. */
export function languageOf(text: string | undefined): string | undefined {
  const tag = text?.trim();
  return tag ? canonicalLanguage(tag.replace(/_/g, '-')) : undefined;
}

/** The series' site: the first http(s) address given (ComicInfo's Web may list several). */
export function websiteOf(text: string | undefined): string | undefined {
  return text?.split(/\s+/).find((part) => /^https?:\/\/\S+$/i.test(part) && part.length <= 500);
}

export function yearOf(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 1900 && value <= 2100 ? value : undefined;
}

/** Only what is set: a later source fills what an earlier left out (`{...later, ...earlier}` keeps the earlier). */
export function defined<T extends object>(hints: T): Partial<T> {
  return Object.fromEntries(Object.entries(hints).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

export const nonEmpty = <T>(list: T[]): T[] | undefined => (list.length > 0 ? list : undefined);
