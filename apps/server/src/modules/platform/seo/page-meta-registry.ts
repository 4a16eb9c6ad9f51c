import type { PageMeta, PageMetaLookup } from '../../../lib/page-meta';

/**
 * Modules that own public pages (the catalogue's series and chapters, later announcements) join
 * here with a lookup for their paths; the web plugin asks the registry, never a module.
 */
export function createPageMetaRegistry<Viewer = unknown>() {
  const lookups: PageMetaLookup<Viewer>[] = [];
  return {
    register(lookup: PageMetaLookup<Viewer>) {
      lookups.push(lookup);
    },
    /** The first lookup that knows the path decides. */
    async lookup(
      path: string,
      locale: string,
      edition?: string,
      viewer?: () => Promise<Viewer | null>,
    ): Promise<PageMeta | null | undefined> {
      for (const lookup of lookups) {
        const meta = await lookup(path, locale, edition, viewer);
        if (meta !== undefined) return meta;
      }
      return undefined;
    },
  };
}
