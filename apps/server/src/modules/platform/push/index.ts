export { createPushService, type PushService } from './push.service';
export { pushRoutes } from './push.routes';
export { pushForExport } from './queries/account-export';
export { erasePushOf } from './commands/account-erasure';
// stats: the reader's own time zone, the one place the account keeps one.
export { timeZoneOf } from './queries/time-zone';
