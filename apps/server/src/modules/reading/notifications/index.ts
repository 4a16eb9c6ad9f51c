export { notifyCommentReply } from './comment-replies';
export { createEmailPreferences } from './email-preferences.service';
export { createFreeAlerts } from './free-alerts.service';
export { createNewChapterNotices } from './new-chapters.service';
export { notificationSettingsRoutes } from './notification-settings.routes';
export { createNotification } from './notifications.repository';
// payouts: a gift's notices to the series' payees, written in the gift's transaction.
export { createNotifications } from './notifications.repository';
export { notificationRoutes } from './notifications.routes';
export { createUnsubscribeTokens } from './unsubscribe-token';
export { createNotificationsService } from './notifications.service';
