import type { PlannedCredit, SourceFile } from '../plan';

// What the runner asks of the catalogue, in its own words: series, their genres and covers,
// chapters and their pages. `catalogue-door.ts` answers it through the owners' front doors and
// services (series, chapters, genres), so an import writes exactly what the dashboard writes.

export interface ExistingSeries {
  id: string;
  title: string;
  type: 'comic' | 'novel';
  /** The metadata digest the last import wrote (kept on the series); null for a series made by hand. */
  importHash: string | null;
  hasCover: boolean;
}

export interface ExistingChapter {
  id: string;
  number: number;
  /** The content digest the last import wrote (kept on the chapter); null for a chapter made by hand. */
  importHash: string | null;
  publishedAt: string | null;
}

/** A series' metadata as an import writes it (on create, every field; on update, the ones the files say). */
export interface SeriesWrite {
  title: string;
  type: 'comic' | 'novel';
  description?: string;
  alternativeNames?: string;
  status: 'ongoing' | 'completed' | 'hiatus' | 'cancelled';
  genreIds: string[];
  credits: PlannedCredit[];
  originalLanguage?: string;
  isAdult: boolean;
  readingDirection: 'ltr' | 'rtl';
  website?: string;
  releaseYear?: number | null;
  /** A new series is published with its chapters when the import publishes them; otherwise a draft. */
  isPublished?: boolean;
}

export interface ChapterWrite {
  number: number;
  volume: number | null;
  title: string;
  credits: PlannedCredit[];
  /** A novel chapter's HTML (the chapters' command sanitizes it). */
  content?: string;
  publishedAt?: string | null;
}

export interface ImportCatalogue {
  seriesById(id: string): Promise<ExistingSeries | null>;
  seriesBySlug(slug: string): Promise<ExistingSeries | null>;
  /** The series' ids of these genre names, each found (by name, in any case) or created. */
  genreIds(names: string[]): Promise<string[]>;
  createSeries(slug: string, fields: SeriesWrite): Promise<string>;
  updateSeries(id: string, fields: SeriesWrite): Promise<void>;
  /** Through the dashboard's cover upload: the same checks and encoding. */
  setCover(id: string, bytes: Buffer): Promise<void>;
  chaptersOf(seriesId: string): Promise<ExistingChapter[]>;
  createChapter(seriesId: string, fields: ChapterWrite): Promise<string>;
  updateChapter(id: string, fields: Partial<ChapterWrite>): Promise<void>;
  /** Through the pages upload: each page read, checked, encoded (long strips sliced) and stored in turn. */
  replacePages(id: string, pages: SourceFile[]): Promise<void>;
  deleteChapter(id: string): Promise<void>;
  /** Remembers, on the series or the chapter, the digest of what this import wrote to it whole. */
  recordDigest(kind: 'series' | 'chapter', id: string, hash: string): Promise<void>;
}
