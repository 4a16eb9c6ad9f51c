import { UNSUBSCRIBE_PATH } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import type { EmailPreferences } from './email-preferences.service';
import type { FreeAlerts } from './free-alerts.service';
import type { PushService } from '../../platform/push';

/** The page a person sees after clicking the link in a mail: nothing in it comes from the request. */
function unsubscribePage(isDone: boolean): string {
  const [title, text] = isDone
    ? ['You are unsubscribed', 'You will get no more e-mails about new chapters. The bell on the site still shows them.']
    : [
        'This link does not work',
        'The unsubscribe link is incomplete or was changed. You can turn e-mails off in your notification settings.',
      ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Inkwell</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f0f14;color:#e4e4e7;display:grid;place-items:center;min-height:100vh}
main{max-width:28rem;padding:2rem;text-align:center}h1{color:#fff;font-size:1.5rem}a{color:#a5b4fc}</style></head>
<body><main><h1>${title}</h1><p>${text}</p>
<p><a href="/profile/notifications">Notification settings</a> · <a href="/">Back to Inkwell</a></p></main></body></html>`;
}

/**
 * Notify-when-free, the e-mail preferences (DESIGN §4 Library and community) and the unsubscribe
 * link of notification mail.
 */
export async function notificationSettingsRoutes(
  app: FastifyInstance,
  {
    freeAlerts,
    emailPreferences,
    push,
  }: { freeAlerts: FreeAlerts; emailPreferences: EmailPreferences; push: Pick<PushService, 'quietHours' | 'setQuietHours'> },
) {
  endpoint(app, 'notifyWhenPass', {
    handler: async (request) => ({
      success: true,
      data: await freeAlerts.isWatchingPass(request.user.id, request.params.seriesId),
    }),
  });
  endpoint(app, 'notifyWhenPassAdd', {
    handler: async (request) => ({
      success: true,
      data: await freeAlerts.watchPass(request.user.id, request.params.seriesId),
      message: 'We will tell you when your pass is back',
    }),
  });
  endpoint(app, 'notifyWhenPassRemove', {
    handler: async (request) => ({
      success: true,
      data: await freeAlerts.unwatchPass(request.user.id, request.params.seriesId),
    }),
  });
  endpoint(app, 'notifyWhenFree', {
    handler: async (request) => ({
      success: true,
      data: await freeAlerts.isWatching(request.user.id, request.params.chapterId),
    }),
  });
  endpoint(app, 'notifyWhenFreeAdd', {
    summary: 'Notify me once when this early-access chapter becomes free',
    handler: async (request) => ({
      success: true,
      data: await freeAlerts.watch(request.user.id, request.params.chapterId),
      message: 'We will notify you when this chapter is free',
    }),
  });
  endpoint(app, 'notifyWhenFreeRemove', {
    handler: async (request) => ({ success: true, data: await freeAlerts.unwatch(request.user.id, request.params.chapterId) }),
  });

  const preferencesOf = async (userId: string) => ({
    ...(await emailPreferences.get(userId)),
    pushQuietHours: await push.quietHours(userId),
  });
  endpoint(app, 'notificationPreferences', {
    handler: async (request) => ({ success: true, data: await preferencesOf(request.user.id) }),
  });
  endpoint(app, 'notificationPreferencesUpdate', {
    handler: async (request) => {
      const userId = request.user.id;
      await emailPreferences.update(userId, { newChapterEmail: request.body.newChapterEmail });
      if (request.body.pushQuietHours !== undefined) await push.setQuietHours(userId, request.body.pushQuietHours);
      return { success: true, data: await preferencesOf(userId), message: 'Preferences saved' };
    },
  });

  // Plain routes (see UNSUBSCRIBE_PATH): a page for the person who clicked, an empty answer for a mail client's one-click POST.
  const unsubscribe = async (token: unknown, reply: FastifyReply, asPage: boolean) => {
    const isDone = await emailPreferences.unsubscribe(typeof token === 'string' ? token : undefined);
    reply.code(isDone ? 200 : 400).header('referrer-policy', 'no-referrer');
    return asPage ? reply.type('text/html; charset=utf-8').send(unsubscribePage(isDone)) : reply.send();
  };
  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) =>
    unsubscribe((request.query as Record<string, unknown>).token, reply, true),
  );
  await app.register(async (oneClick) => {
    // RFC 8058: the client posts the form body `List-Unsubscribe=One-Click`; the token is in the link.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) =>
      unsubscribe((request.query as Record<string, unknown>).token, reply, false),
    );
  });
}
