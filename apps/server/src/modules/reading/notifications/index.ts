export { notifyCommentReply } from './comment-replies';
export { createEmailPreferences } from './email-preferences.service';
export { createFreeAlerts } from './free-alerts.service';
export { createNewChapterNotices } from './new-chapters.service';
export { notificationSettingsRoutes } from './notification-settings.routes';
// auth: a new reader's welcome notice, in the registration's transaction.
export { createNotification } from './commands/notices';
// payouts: a gift's notices to the series' payees, written in the gift's transaction.
export { createNotifications } from './commands/notices';
export { notificationRoutes } from './notifications.routes';
export { createUnsubscribeTokens } from './unsubscribe-token';
export { createNotificationsService } from './notifications.service';
export { notificationsForExport } from './queries/account-export';
export { eraseNotificationsOf } from './commands/account-erasure';
