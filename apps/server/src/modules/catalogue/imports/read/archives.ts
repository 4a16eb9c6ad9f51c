import { ARCHIVE_MAX_BYTES } from '@inkwell/contract';
import { naturalCompare } from '../../../../lib/natural-sort';
import { isPageEntryName } from '../../../platform/media';
import type { SourceFile } from '../plan';
import { baseName, ImportReadError } from './failures';
import { openZip, type OpenZip, type ZipCaps, type ZipMember } from './zip';

/**
 * The archives last opened (a .cbz's or an EPUB's central directory and bytes), so a chapter's
 * pages read one after another open their archive once, while the plan holds no archive's bytes
 * beyond these two. Pages read later (by the runner) open their archive again.
 */
export function createArchiveCache(slots = 2) {
  const open = new Map<SourceFile, Promise<OpenZip>>();
  return async (file: SourceFile, caps: ZipCaps, label: string): Promise<OpenZip> => {
    const cached = open.get(file);
    if (cached) {
      open.delete(file);
      open.set(file, cached);
      return cached;
    }
    if (file.size > ARCHIVE_MAX_BYTES) {
      throw new ImportReadError('apiErrors.imports.archiveTooLarge', {
        name: baseName(label),
        megabytes: ARCHIVE_MAX_BYTES / 1024 / 1024,
      });
    }
    const opening = file.read().then((bytes) => openZip(bytes, caps, label));
    open.set(file, opening);
    opening.catch(() => open.delete(file));
    while (open.size > slots) open.delete(open.keys().next().value!);
    return opening;
  };
}
export type ArchiveCache = ReturnType<typeof createArchiveCache>;

/** A member of an archive as a file to read later: it reopens its archive through the cache. */
export function memberFile(
  cache: ArchiveCache,
  archive: SourceFile,
  caps: ZipCaps,
  label: string,
  member: ZipMember,
): SourceFile {
  return {
    name: member.name,
    size: member.size,
    read: async () => {
      const zip = await cache(archive, caps, label);
      const same = zip.members.find((candidate) => candidate.name === member.name);
      if (!same) throw new ImportReadError('apiErrors.imports.archiveBroken', { name: baseName(label) });
      return same.read();
    },
  };
}

/** A chapter archive's pages (its images in natural order) and its ComicInfo.xml, if it has one. */
export function chapterArchive(zip: OpenZip, label: string): { pages: ZipMember[]; comicInfo: ZipMember | undefined } {
  const unsafe = zip.members.find((member) => member.unsafe);
  if (unsafe) throw new ImportReadError('apiErrors.imports.unsafePath', { path: `${label}/${unsafe.name.slice(0, 120)}` });
  const pages = zip.members.filter((member) => isPageEntryName(member.name)).sort((a, b) => naturalCompare(a.name, b.name));
  if (pages.length === 0) throw new ImportReadError('apiErrors.imports.noPages', { name: baseName(label) });
  const comicInfo = zip.members
    .filter((member) => baseName(member.name).toLowerCase() === 'comicinfo.xml' && !member.name.startsWith('__MACOSX/'))
    .sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
  return { pages, comicInfo };
}
