import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { createEmailChangeService, createPasswordResetService, createRegistrationService } from './modules/identity/auth';
import type { Jobs } from './modules/platform/jobs';
import type { Mailer } from './modules/platform/mail';
import { createAvifWorker } from './modules/platform/media';

type Services = FastifyInstance['services'];

/** What the background work calls: the app's services, and the few parts the app keeps to itself. */
export interface BackgroundWork extends Pick<
  Services,
  | 'storage'
  | 'publishing'
  | 'views'
  | 'metricsRollup'
  | 'newChapterNotices'
  | 'push'
  | 'freeAlerts'
  | 'payoutMonths'
  | 'payoutTransfers'
  | 'payments'
  | 'stripeEvents'
  | 'imports'
  | 'recommendations'
> {
  logger: FastifyBaseLogger;
  mailer: Mailer;
  passwordReset: Pick<ReturnType<typeof createPasswordResetService>, 'sendResetLink'>;
  signUps: Pick<ReturnType<typeof createRegistrationService>, 'sendRegistrationMail'>;
  emailChange: Pick<ReturnType<typeof createEmailChangeService>, 'sendChangeMail'>;
}

/**
 * Background work (DESIGN §5): each durable job's worker on this instance, and the schedules that
 * run once whatever the number of instances (pg-boss keeps one of each per slot).
 */
export function registerBackgroundWork(
  jobs: Jobs,
  {
    logger,
    storage,
    mailer,
    passwordReset,
    signUps,
    emailChange,
    publishing,
    views,
    metricsRollup,
    newChapterNotices,
    push,
    freeAlerts,
    payoutMonths,
    payoutTransfers,
    payments,
    stripeEvents,
    imports,
    recommendations,
  }: BackgroundWork,
): void {
  jobs.work('media.avif', { concurrency: 1, handler: createAvifWorker(storage, logger) });
  jobs.work('chapters.publish-due', { handler: async () => void (await publishing.publishDue()) });
  // Up to 25 mails a fetch: a new chapter's instant e-mails come by the thousand (issue 9 §2).
  jobs.work('mail.send', { concurrency: 2, batchSize: 25, handler: (message) => mailer.send(message) });
  jobs.work('auth.reset-link', { handler: (request) => passwordReset.sendResetLink(request) });
  jobs.work('auth.registration-mail', { handler: (request) => signUps.sendRegistrationMail(request) });
  jobs.work('auth.email-change-mail', { handler: (request) => emailChange.sendChangeMail(request) });
  jobs.work('metrics.prune-view-marks', {
    handler: async () => {
      await views.pruneMarks();
      await metricsRollup.pruneClosed();
    },
  });
  jobs.schedule('chapters.publish-due', '* * * * *');
  jobs.schedule('metrics.prune-view-marks', '17 3 * * *');
  // Every ten minutes: yesterday is rolled up soon after it closes, and a missed run is made up at the next.
  // Then the top lists' closed days of the presets and a year, ranked once for every instance.
  jobs.work('metrics.roll-up', {
    handler: async () => {
      await metricsRollup.rollUp();
      await metricsRollup.rankClosed();
    },
  });
  jobs.schedule('metrics.roll-up', '*/10 * * * *');
  // Two at once per instance: a big series' parts are shared out among the instances' workers.
  jobs.work('notifications.fan-out', {
    concurrency: 2,
    handler: async ({ chapterId, part = 0, parts = 1, language }) =>
      void (await newChapterNotices.fanOut(chapterId, { part, parts }, language)),
  });
  // A release's pushes come by the thousand, as its mails do.
  jobs.work('push.send', { concurrency: 2, batchSize: 25, handler: ({ userId, ...message }) => push.deliver(userId, message) });
  jobs.work('push.release-held', { handler: async () => void (await push.releaseHeld()) });
  jobs.schedule('push.release-held', '* * * * *');
  jobs.work('notifications.free-alerts', { handler: async () => void (await freeAlerts.notifyFreed()) });
  jobs.schedule('notifications.free-alerts', '* * * * *');
  // Hourly: each daily reader's digest comes at about the hour of their last one.
  jobs.work('notifications.daily-digest', { handler: async () => void (await newChapterNotices.sendDigests()) });
  jobs.schedule('notifications.daily-digest', '7 * * * *');
  jobs.work('payouts.close-month', { handler: async () => void (await payoutMonths.closeMonths()) });
  jobs.schedule('payouts.close-month', '23 * * * *');
  jobs.work('payouts.send-transfer', { handler: async ({ statementId }) => void (await payoutTransfers.send(statementId)) });
  jobs.work('store.test-billing', { handler: async () => void (await payments.runTestBilling()) });
  jobs.schedule('store.test-billing', '*/5 * * * *');
  if (stripeEvents) jobs.work('store.stripe-event', { handler: (event) => stripeEvents.process(event) });
  // One import at a time per instance: its pages go through the image pipeline one by one (issue 37 §1).
  jobs.work('imports.run', { concurrency: 1, handler: ({ importId }) => imports.runQueued(importId) });
  jobs.work('imports.recover-stalled', { handler: async () => void (await imports.recoverStalled()) });
  jobs.schedule('imports.recover-stalled', '*/5 * * * *');
  // Nightly (issue 39 §5): every series' "readers also read" anew, once whatever the number of instances.
  jobs.work('recommendations.also-read', { handler: async () => void (await recommendations.computeAlsoRead()) });
  jobs.schedule('recommendations.also-read', '41 3 * * *');
}
