export { createPushService, isQuiet, type PushMessage, type PushService } from './push.service';
export { pushRoutes } from './push.routes';
