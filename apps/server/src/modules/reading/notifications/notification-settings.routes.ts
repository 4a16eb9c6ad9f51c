import { UNSUBSCRIBE_PATH } from '@inkwell/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { endpoint } from '../../../lib/endpoint';
import { translatorFor, type ReaderLanguages, type Translate } from '../../../lib/i18n';
import { escapeHtml } from '../../../lib/page-meta';
import type { EmailPreferences } from './email-preferences.service';
import type { FreeAlerts } from './free-alerts.service';
import type { PushService } from '../../platform/push';
import { say } from '../../../lib/say';

/**
 * The page a person sees after clicking the link in a mail, in the request's language (`t`, of
 * `lang`): nothing in it comes from the request but which of our languages it names.
 */
function unsubscribePage(isDone: boolean, t: Translate, lang: string): string {
  const [title, text] = (
    isDone
      ? [t('mail.unsubscribe.doneTitle'), t('mail.unsubscribe.doneText')]
      : [t('mail.unsubscribe.brokenTitle'), t('mail.unsubscribe.brokenText')]
  ).map(escapeHtml);
  const settings = escapeHtml(t('mail.unsubscribe.settings'));
  const back = escapeHtml(t('mail.unsubscribe.back'));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} · Inkwell</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f0f14;color:#e4e4e7;display:grid;place-items:center;min-height:100vh}
main{max-width:28rem;padding:2rem;text-align:center}h1{color:#fff;font-size:1.5rem}a{color:#a5b4fc}</style></head>
<body><main><h1>${title}</h1><p>${text}</p>
<p><a href="/profile/notifications">${settings}</a> · <a href="/">${back}</a></p></main></body></html>`;
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
    languages,
  }: {
    freeAlerts: FreeAlerts;
    emailPreferences: EmailPreferences;
    push: Pick<PushService, 'quietHours' | 'setQuietHours'>;
    languages: Pick<ReaderLanguages, 'ofRequest'>;
  },
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
      message: await say(request, 'apiErrors.success.passReminderSet'),
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
      message: await say(request, 'apiErrors.success.freeChapterReminderSet'),
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
      return {
        success: true,
        data: await preferencesOf(userId),
        message: await say(request, 'apiErrors.success.preferencesSaved'),
      };
    },
  });

  // Plain routes (see UNSUBSCRIBE_PATH): a page for the person who clicked, an empty answer for a mail client's one-click POST.
  const unsubscribe = async (token: unknown, reply: FastifyReply, page?: { lang: string }) => {
    const isDone = await emailPreferences.unsubscribe(typeof token === 'string' ? token : undefined);
    reply.code(isDone ? 200 : 400).header('referrer-policy', 'no-referrer');
    if (!page) return reply.send();
    return reply
      .type('text/html; charset=utf-8')
      .header('content-language', page.lang)
      .header('vary', 'accept-language, cookie')
      .send(unsubscribePage(isDone, translatorFor(page.lang), page.lang));
  };
  // The page speaks the language the browser names (the picker's cookie, Accept-Language), else the site's.
  app.get(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) =>
    unsubscribe((request.query as Record<string, unknown>).token, reply, { lang: await languages.ofRequest(request) }),
  );
  await app.register(async (oneClick) => {
    // RFC 8058: the client posts the form body `List-Unsubscribe=One-Click`; the token is in the link.
    oneClick.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    oneClick.post(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) =>
      unsubscribe((request.query as Record<string, unknown>).token, reply),
    );
  });
}
