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
} as const;
