import { AppError } from '../../../lib/app-error';
import { translatorFor } from '../../../lib/i18n';
import { excerpt, type PageMetaLookup } from '../../../lib/page-meta';
import type { AnnouncementsService } from './announcements.service';

/** /announcements/{slug}, in any case. */
const ANNOUNCEMENT_PATH = /^\/announcements\/([^/?#]+)\/?$/i;

/** The title, description and preview image of a published announcement's page. */
export function announcementPageMeta(announcements: AnnouncementsService, publicUrl: string): PageMetaLookup {
  return async (path, locale) => {
    const match = ANNOUNCEMENT_PATH.exec(path);
    if (!match) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
    try {
      const announcement = await announcements.bySlug(slug);
      return {
        title: `${announcement.title} · Inkwell`,
        description: excerpt(announcement.excerpt || translatorFor(locale)('feeds.page.news', { title: announcement.title })),
        image: announcement.cover ? `${publicUrl}${announcement.cover.url}` : null,
        url: `${publicUrl}/announcements/${announcement.slug}`,
      };
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  };
}
