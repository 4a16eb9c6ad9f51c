import type { Database } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Viewer } from '../../identity/access';
import { findFileByPartialMd5, paragraphOf, pointerOf, type ChapterFileRow } from '../downloads';
import type { LibraryService } from '../../reading/library';
import { findKoreaderPosition, saveKoreaderPosition } from './koreader.repository';

/** What KOReader sends and gets back for one document. */
export interface KoreaderProgress {
  progress: string;
  percentage: number;
  device: string;
  device_id?: string;
}

/** How Inkwell's own readers sign what they wrote, when KOReader asks after them. */
const INKWELL_DEVICE = 'Inkwell';
const INKWELL_DEVICE_ID = 'inkwell';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The KOReader that wrote a place, as the reader's other devices name it (issue 39 §1): its
 * device_id when it sends one (its name otherwise), "KOReader · Kobo Libra 2".
 */
function koreaderDevice(sent: KoreaderProgress) {
  const model = sent.device.trim();
  const name = model === '' || model.toLowerCase() === 'koreader' ? 'KOReader' : `KOReader · ${model}`;
  return { id: sent.device_id?.trim() || model || 'koreader', name, app: 'koreader' as const };
}

/**
 * KOReader sync (issue 19 §5). A document is a file's KOReader id; when it is one of our chapter
 * files (§4), a KOReader position is the reader's one place in that chapter (§6): a page of a CBZ
 * (KOReader counts from 1), a paragraph of an EPUB (its xpointer's `p[k]`). What KOReader sent is
 * kept too, so it gets its own string back while nobody has moved the place since.
 */
export function createKoreaderService({ db, clock, library }: { db: Database; clock: Clock; library: LibraryService }) {
  /** A KOReader position as a place in the chapter the file holds, or null when it names none. */
  function placeIn(file: ChapterFileRow, sent: KoreaderProgress) {
    if (file.format === 'cbz') {
      const page = Number.parseInt(sent.progress, 10);
      if (!Number.isFinite(page) || page < 1) return null;
      return { page: Math.min(page, file.units) };
    }
    const paths = file.paragraphPaths ?? [];
    const paragraph = paragraphOf(sent.progress, paths);
    const position = paragraph ? (paragraph - 1) / Math.max(paths.length, 1) : sent.percentage;
    return Number.isFinite(position) ? { position: Math.min(Math.max(position, 0), 1), completed: sent.percentage >= 1 } : null;
  }

  /** The reader's place in the chapter, as KOReader would have written it. */
  function asKoreader(file: ChapterFileRow, place: { page: number | null; position: number | null }) {
    if (file.format === 'cbz') {
      const page = place.page ?? Math.max(1, Math.round((place.position ?? 0) * file.units));
      return { progress: String(page), percentage: file.units > 0 ? page / file.units : 0 };
    }
    const paths = file.paragraphPaths ?? [];
    const position = place.position ?? 0;
    const paragraph = Math.min(Math.floor(position * paths.length) + 1, paths.length);
    return { progress: pointerOf(paragraph, paths), percentage: position };
  }

  return {
    async save(viewer: Viewer & { userId: string }, document: string, sent: KoreaderProgress) {
      const now = clock.now();
      await saveKoreaderPosition(db, {
        userId: viewer.userId,
        document,
        progress: sent.progress,
        percentage: sent.percentage,
        device: sent.device,
        deviceId: sent.device_id ?? null,
        updatedAt: now,
      });
      const file = await findFileByPartialMd5(db, document);
      const place = file && placeIn(file, sent);
      // KOReader's write has no time of its own: it is made now, and so it wins.
      if (file && place) await library.placeFromApp(viewer, file.chapterId, place, now, koreaderDevice(sent));
      return { document, timestamp: seconds(now) };
    },

    async get(viewer: Viewer & { userId: string }, document: string) {
      const [kept, file] = await Promise.all([
        findKoreaderPosition(db, viewer.userId, document),
        findFileByPartialMd5(db, document),
      ]);
      const place = file ? await library.placeOf(viewer.userId, file.chapterId) : null;
      // The site, an OPDS app or another file moved the place after KOReader's last word: answer that.
      if (file && place && (!kept || place.readAt.getTime() > kept.updatedAt.getTime())) {
        return {
          document,
          ...asKoreader(file, place),
          device: INKWELL_DEVICE,
          device_id: INKWELL_DEVICE_ID,
          timestamp: seconds(place.readAt),
        };
      }
      if (!kept) return {};
      return {
        document,
        percentage: kept.percentage,
        progress: kept.progress,
        device: kept.device,
        ...(kept.deviceId === null ? {} : { device_id: kept.deviceId }),
        timestamp: seconds(kept.updatedAt),
      };
    },
  };
}
export type KoreaderService = ReturnType<typeof createKoreaderService>;
