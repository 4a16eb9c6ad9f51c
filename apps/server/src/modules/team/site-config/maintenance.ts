import { ROUTES, STRIPE_WEBHOOK_PATH, UNSUBSCRIBE_PATH } from '@inkwell/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../lib/app-error';
import type { SiteConfigService } from './site-config.service';
import type { SiteConfig } from '@inkwell/contract';
import { isTeamRole } from '../../identity/access';

/** What a 503 tells browsers and crawlers: ask again in five minutes. */
const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

/**
 * What stays open in maintenance: what the shell needs to know who is there and that the site is
 * down (verify, the public settings, health), what the team needs to sign in and out (login with
 * its two-factor step, logout), and what is not a visitor's call (payment webhooks, which must
 * not be lost; a mail's one-click unsubscribe).
 */
const OPEN_PATHS: ReadonlySet<string> = new Set([
  ROUTES.verify.path,
  ROUTES.logout.path,
  ROUTES.siteSettings.path,
  ROUTES.health.path,
  STRIPE_WEBHOOK_PATH,
  UNSUBSCRIBE_PATH,
]);
const OPEN_PREFIXES = [ROUTES.login.path, '/api/webhooks/'];

function isOpenInMaintenance(path: string): boolean {
  return OPEN_PATHS.has(path) || OPEN_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Maintenance mode (issue 10 §2): while an admin has it on, every API call that is not a team
 * member's answers 503 `maintenance` with the admin's message. Registered after the auth plugin,
 * so the session is known; the setting comes from the per-instance cache, not the database.
 */
export const maintenancePlugin = fp(
  async (app: FastifyInstance, { siteConfig }: { siteConfig: SiteConfigService }) => {
    /** The 503 while maintenance is on; nothing while it is off. */
    const refusal = ({ maintenance }: SiteConfig): AppError | undefined => {
      if (!maintenance.enabled) return undefined;
      const headers = { 'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS), 'cache-control': 'no-store' };
      if (maintenance.message) {
        return new AppError('maintenance', 'apiErrors.team.maintenanceMessage', {
          values: { message: maintenance.message },
          headers,
        });
      }
      return new AppError('maintenance', 'apiErrors.team.maintenance', { headers });
    };
    // A callback, and the kept setting read without a promise: every API call passes here (issue 40).
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.method === 'OPTIONS' || !request.url.startsWith('/api/')) return done();
      if (isTeamRole(request.user?.role)) return done();
      if (isOpenInMaintenance(request.routeOptions.url ?? '')) return done();
      const kept = siteConfig.kept();
      if (kept) return done(refusal(kept));
      siteConfig.current().then(
        (config) => done(refusal(config)),
        (error: Error) => done(error),
      );
    });
  },
  { name: 'maintenance', dependencies: ['auth'] },
);
