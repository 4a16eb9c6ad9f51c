import type { AreaBase } from '../app-deps';
import { createAdminUsersService } from '../modules/team/admin-users';
import { createAnnouncementsService } from '../modules/team/announcements';
import { createAuditService } from '../modules/team/audit';
import { createMetricsRollup, createMetricsService, createViewCounter } from '../modules/team/metrics';
import { createSeriesTeamService } from '../modules/team/series-team';
import { createSiteConfig } from '../modules/team/site-config';
import type { PlatformServices } from './platform';
import type { ReadingServices } from './reading';

/**
 * Team (modules/team/CONTEXT.md): the site's settings, news, the counted views and the dashboards'
 * metrics, the admin's users and the audit log. The reports read on their own pool.
 */
export function createTeamServices(
  { app, config, db, reportsDb, clock, languages }: AreaBase,
  { caches, events, images, jobs }: PlatformServices,
  { comments }: Pick<ReadingServices, 'comments'>,
) {
  // The site's configuration (maintenance, registration, ads), read on every request: kept like the viewers.
  const siteConfig = createSiteConfig({ db, caches, events });
  const views = createViewCounter(db, clock, app.log);
  const announcements = createAnnouncementsService({ db, clock, images, caches, events });
  return {
    siteConfig,
    views,
    announcements,
    /** The daily metrics roll-up (the `metrics.roll-up` job's work; tests run it directly). */
    metricsRollup: createMetricsRollup({ db: reportsDb, clock }),
    metrics: createMetricsService({ db: reportsDb, clock, caches }),
    adminUsers: createAdminUsersService({ db: reportsDb, clock, comments, events }),
    audit: createAuditService({ db: reportsDb }),
    // Issue 37 §3: a team per series; its member is told by the bell and a mail queued with the change.
    seriesTeam: createSeriesTeamService({
      db,
      clock,
      events,
      languages,
      publicUrl: config.publicUrl,
      queueMail: (tx, mail) => jobs.send('mail.send', mail, { tx }),
    }),
  };
}
export type TeamServices = ReturnType<typeof createTeamServices>;
