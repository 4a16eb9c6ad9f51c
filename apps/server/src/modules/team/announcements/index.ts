export { announcementPageMeta } from './announcements.page-meta';
export { announcementsRoutes } from './announcements.routes';
export { createAnnouncementsService } from './announcements.service';
