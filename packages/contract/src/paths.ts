/**
 * Every API path, in one place. The nine calls of SPEC §7 keep their exact paths; new ones
 * follow the namespaces of DESIGN.md §4.
 */
export const API = {
  verify: '/api/proxy/public/verify',
  login: '/api/proxy/public/login',
  register: '/api/proxy/public/register',
  forgotPassword: '/api/proxy/public/forgot-password',
  resetPassword: '/api/proxy/public/reset-password',
  logout: '/api/proxy/secure/logoutUser',
  profile: '/api/proxy/secure/profiledata',
  changePassword: '/api/proxy/secure/change-password',
  notifications: '/api/omegascans/secure/me/get/notification',
  notificationsUnreadCount: '/api/omegascans/secure/me/get/notification/unread/count',
  notificationRead: (id: string) => `/api/omegascans/secure/me/patch/notification/${id}/read`,
  notificationsReadAll: '/api/omegascans/secure/me/patch/notification/read-all',
  searchSeries: '/api/public/omegascans/public/search/series',
  adsConfig: '/api/public/omegascans/public/secure/ads/ads-config',
  siteSettings: '/api/public/omegascans/public/site-settings',
  health: '/api/health',

  // Public content (DESIGN §4).
  home: '/api/public/omegascans/public/home',
  seriesList: '/api/public/omegascans/public/series',
  series: (slug: string) => `/api/public/omegascans/public/series/${encodeURIComponent(slug)}`,
  chapter: (slug: string, chapterSlug: string) =>
    `/api/public/omegascans/public/series/${encodeURIComponent(slug)}/chapters/${encodeURIComponent(chapterSlug)}`,
  genres: '/api/public/omegascans/public/genres',
  banners: '/api/public/omegascans/public/banners',

  // Team (editors and admins).
  teamSeriesList: '/api/omegascans/secure/team/series',
  teamSeries: (id: string) => `/api/omegascans/secure/team/series/${id}`,
  teamSeriesCover: (id: string) => `/api/omegascans/secure/team/series/${id}/cover`,
  teamSeriesChapters: (id: string) => `/api/omegascans/secure/team/series/${id}/chapters`,
  teamChapter: (id: string) => `/api/omegascans/secure/team/chapters/${id}`,
  teamChapterPages: (id: string) => `/api/omegascans/secure/team/chapters/${id}/pages`,
  teamChapterPageOrder: (id: string) => `/api/omegascans/secure/team/chapters/${id}/pages/order`,
  teamChapterPage: (id: string, pageId: string) => `/api/omegascans/secure/team/chapters/${id}/pages/${pageId}`,
  teamChapterArchive: (id: string) => `/api/omegascans/secure/team/chapters/${id}/archive`,
  teamGenres: '/api/omegascans/secure/team/genres',
  teamGenre: (id: string) => `/api/omegascans/secure/team/genres/${id}`,
  teamBanners: '/api/omegascans/secure/team/banners',
  teamBanner: (id: string) => `/api/omegascans/secure/team/banners/${id}`,
  teamBannerImage: (id: string) => `/api/omegascans/secure/team/banners/${id}/image`,
} as const;
