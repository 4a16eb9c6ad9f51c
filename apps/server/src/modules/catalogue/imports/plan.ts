import type { CreditRole, ReadingDirection } from '@inkwell/contract';

/**
 * What reading a folder makes of it (issue 37 §1), before anything is written: the read side
 * (`read/`, from files to this) and the write side (`run/`, from this to series and chapters) meet
 * here. Everything is plain data, so a dry run prints it and a test compares it.
 */

export interface PlannedCredit {
  role: CreditRole;
  name: string;
}

/** A series as its folder, `series.json`, ComicInfo.xml or the EPUB's OPF describe it. */
export interface PlannedSeries {
  /** The series folder's path inside the imported folder ('' when the root itself is the series: a single file into a series, or a folder of chapter files). */
  path: string;
  title: string;
  type: 'comic' | 'novel';
  description: string;
  alternativeNames: string;
  status: 'ongoing' | 'completed' | 'hiatus' | 'cancelled';
  /** Genre names (ComicInfo Genre and Tags, OPF subjects, series.json genres), as written. */
  genres: string[];
  credits: PlannedCredit[];
  /** BCP 47, when the files say it (LanguageISO, dc:language). */
  language: string | null;
  isAdult: boolean;
  readingDirection: ReadingDirection;
  website: string;
  releaseYear: number | null;
  /** Where the cover comes from: a named file beside the chapters, the EPUB's cover, or the first chapter's first page. */
  cover: SourceFile | null;
  chapters: PlannedChapter[];
  /** A digest of the metadata above (not of the chapters): unchanged metadata is left alone. */
  hash: string;
}

/** One chapter, from one archive, one folder of images, or one part of an EPUB. */
export interface PlannedChapter {
  /** The file or folder it comes from, inside the imported folder (an EPUB's chapters add `#<n>`). */
  path: string;
  number: number;
  volume: number | null;
  title: string;
  credits: PlannedCredit[];
  /** ComicInfo's Year/Month/Day: when it first came out (used as its date when published). */
  releasedAt: Date | null;
  language: string | null;
  /** A comic chapter's pages in reading order … */
  pages: SourceFile[];
  /** … or a novel chapter's HTML (sanitized again when written). */
  content: string | null;
  /** A digest of everything above that ends up in the chapter (pages' bytes, text, metadata). */
  hash: string;
}

/** A file to read later, once: from disk, or from inside an archive. */
export interface SourceFile {
  name: string;
  /** Its size as the source claims it (an archive's header), for the zip-bomb caps. */
  size: number;
  read(): Promise<Buffer>;
}

/** An item that could not be read: it fails alone, with a reason, and the rest go on. */
export interface PlanFailure {
  path: string;
  /** An `apiErrors.imports.*` catalogue id, said in the reader's language by the page. */
  code: string;
  /** What fills the message's arguments ({name}, {number}…), to say `code` in another language. */
  values?: Record<string, string | number>;
  /** The same in English, for the shell and the log. */
  reason: string;
}

export interface ImportPlan {
  series: PlannedSeries[];
  failures: PlanFailure[];
}
