import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, buildUser } from '../test/factories';
import { startFakePushService } from '../test/fake-push-service';
import { follow } from '../test/followers';
import {
  callEndpoint,
  createTestApp,
  lastMailTo as lastMailToIn,
  loginAs,
  registrationToken,
  TEST_ORIGIN,
  type TestContext,
} from '../test/helpers';
import { pendingRegistrations, users } from './db/schema';

/*
 * Issue 35 §1: what the server sends by itself (e-mails, pushes) is in the reader's language: the
 * one their sign-up's request named, or the one they chose since, or else the site's default.
 */

let t: TestContext;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' } });
  pushService = await startFakePushService();
});
afterAll(async () => {
  await pushService?.close();
  await t?.close();
});

let addresses = 0;
const from = () => {
  addresses += 1;
  return `10.135.${Math.floor(addresses / 250)}.${addresses % 250}`;
};

const lastMailTo = (email: string) => lastMailToIn(t, email);

async function register(username: string, headers: Record<string, string>) {
  const email = `${username}@example.com`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/proxy/public/register',
    remoteAddress: from(),
    headers: { origin: TEST_ORIGIN, ...headers },
    payload: { email, username, password: 'lantern-meadow-42' },
  });
  expect(response.statusCode).toBe(202);
  return email;
}

async function localeOf(username: string) {
  const [row] = await t.db.select({ locale: users.locale }).from(users).where(eq(users.username, username));
  return row?.locale;
}

const setLocale = (cookie: string | undefined, body: unknown) => callEndpoint(t, 'preferencesUpdate', { cookie, body });

describe('the sign-up mail and the account’s language', () => {
  it('is Portuguese for a browser asking for pt-BR, and the account keeps it', async () => {
    const email = await register('leitora_pt', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Conclua a criação da sua conta no Inkwell');
    expect(mail?.text).toContain('Olá, leitora_pt,');
    expect(mail?.text).toContain('O link funciona uma vez, por 24 horas.');

    const token = await registrationToken(t, email);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/register/confirm',
      remoteAddress: from(),
      headers: { origin: TEST_ORIGIN },
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(201);
    expect(await localeOf('leitora_pt')).toBe('pt-BR');
  });

  it('is English for a browser asking for none of ours, and the account keeps none (the site’s default)', async () => {
    const email = await register('reader_en', { 'accept-language': 'de-DE,de;q=0.9' });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Finish creating your Inkwell account');
    expect(mail?.text).toContain('Hello reader_en,');
    expect(mail?.text).toContain('The link works once, for 24 hours.');
    const [pending] = await t.db
      .select({ locale: pendingRegistrations.locale })
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.email, email));
    expect(pending).toEqual({ locale: null });
  });

  it('follows the language picker’s cookie before Accept-Language', async () => {
    const email = await register('lectora_es', { 'accept-language': 'pt-BR', cookie: 'inkwell_lang=es' });
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe('Termina de crear tu cuenta en Inkwell');
    expect(mail?.text).toContain('El enlace funciona una vez, durante 24 horas.');
  });
});

describe('PATCH ME/preferences', () => {
  it('keeps the language the reader chooses, and the profile says it', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    const saved = await setLocale(cookie, { locale: 'pt-BR' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ locale: 'pt-BR', contentLanguages: [], showAdult: false });
    expect((await callEndpoint(t, 'profile', { cookie })).body.data.locale).toBe('pt-BR');
  });

  it('refuses a language we do not speak, saying which we do, and changes nothing', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    for (const body of [{ locale: 'fr' }, { locale: 'en-XA' }, { locale: null }, {}]) {
      const refused = await setLocale(cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe('validation_failed');
    }
    expect((await setLocale(cookie, { locale: 'fr' })).body.error.fields.locale).toBe('locale must be one of en, pt-BR, es');
    expect(await localeOf(user.username)).toBeNull();
    expect((await setLocale(undefined, { locale: 'es' })).status).toBe(401);
  });
});

describe('the password reset mail', () => {
  async function askReset(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/proxy/public/forgot-password',
      remoteAddress: from(),
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
    expect(response.statusCode).toBe(200);
    return lastMailTo(email);
  }

  it('is in the language the reader chose, and English for one who chose none', async () => {
    const portuguese = await buildUser(t.db);
    expect((await setLocale(await loginAs(t.app, portuguese), { locale: 'pt-BR' })).status).toBe(200);
    const english = await buildUser(t.db);

    const theirs = await askReset(portuguese.email);
    expect(theirs?.subject).toBe('Redefina sua senha do Inkwell');
    expect(theirs?.text).toContain('Alguém pediu para redefinir a senha da sua conta no Inkwell.');

    const ours = await askReset(english.email);
    expect(ours?.subject).toBe('Reset your Inkwell password');
    expect(ours?.text).toContain('Someone asked to reset the password of your Inkwell account.');
  });
});

describe('the new-chapter mail', () => {
  it('is in each follower’s language', async () => {
    const series = await buildSeries(t, { title: 'Sal e Brasa' });
    const portuguese = await buildUser(t.db);
    const english = await buildUser(t.db);
    for (const [reader, locale] of [
      [portuguese, 'pt-BR'],
      [english, 'en'],
    ] as const) {
      const cookie = await loginAs(t.app, reader);
      expect(
        (await callEndpoint(t, 'notificationPreferencesUpdate', { cookie, body: { newChapterEmail: 'instant' } })).status,
      ).toBe(200);
      expect((await setLocale(cookie, { locale })).status).toBe(200);
    }
    await follow(t.db, series.id, [portuguese.id, english.id]);
    await buildChapter(t, series.id, { number: 7, publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    await t.app.services.jobs.drain();

    const theirs = await lastMailTo(portuguese.email);
    expect(theirs?.subject).toBe('Novo capítulo de Sal e Brasa: Capítulo 7');
    expect(theirs?.text).toContain('Capítulo 7 de Sal e Brasa já saiu. Leia em:');
    const ours = await lastMailTo(english.email);
    expect(ours?.subject).toBe('New chapter of Sal e Brasa: Chapter 7');
    expect(ours?.text).toContain('Chapter 7 of Sal e Brasa is out. Read it at:');
  });
});

describe('the new-chapter push', () => {
  it('is in each follower’s language, and so is the summary of pushes held in quiet hours', async () => {
    const series = await buildSeries(t, { title: 'Cometa de Papel' });
    const readers = [];
    for (const locale of ['pt-BR', 'en'] as const) {
      const reader = await buildUser(t.db);
      const cookie = await loginAs(t.app, reader);
      expect((await setLocale(cookie, { locale })).status).toBe(200);
      const subscription = pushService.subscription();
      expect((await callEndpoint(t, 'pushSubscribe', { cookie, body: subscription })).status).toBe(201);
      readers.push({ reader, cookie, endpoint: subscription.endpoint });
    }
    await follow(
      t.db,
      series.id,
      readers.map(({ reader }) => reader.id),
    );
    await buildChapter(t, series.id, { number: 3, publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    await t.app.services.jobs.drain();

    const received = (endpoint: string) => pushService.received.filter((push) => endpoint.endsWith(push.path));
    const [portuguese, english] = readers;
    expect(received(portuguese!.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({ title: 'Novo capítulo de Cometa de Papel', body: 'Capítulo 3 já saiu' }),
    ]);
    expect(received(english!.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({ title: 'New chapter of Cometa de Papel', body: 'Chapter 3 is out now' }),
    ]);

    // Quiet hours for the Portuguese reader: two releases held, then one summary in Portuguese.
    const hour = t.clock.now().getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const quiet = await callEndpoint(t, 'notificationPreferencesUpdate', {
      cookie: portuguese!.cookie,
      body: { newChapterEmail: 'off', pushQuietHours: { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' } },
    });
    expect(quiet.status).toBe(200);
    for (const number of [4, 5]) {
      await buildChapter(t, series.id, { number, publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    }
    await t.app.services.jobs.drain();
    t.clock.advance(2 * 60 * 60_000);
    await t.app.services.push.releaseHeld();
    expect(received(portuguese!.endpoint).at(-1)?.payload).toEqual({
      title: '2 novos capítulos enquanto você estava fora',
      body: 'Cometa de Papel · Cometa de Papel',
      link: '/profile/notifications',
    });
  });
});

describe('the feeds', () => {
  it('speak the language Accept-Language asks for, and the site’s default otherwise', async () => {
    const series = await buildSeries(t, { title: 'Lanterna' });
    await buildChapter(t, series.id, { number: 1, publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    const feed = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: `/feeds/series/${series.slug}.json`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toContain('Accept-Language');
      return response.json<{ title: string; items: Array<{ title: string; summary: string }> }>();
    };
    const portuguese = await feed({ 'accept-language': 'pt-BR' });
    expect(portuguese.title).toBe('Lanterna no Inkwell');
    expect(portuguese.items[0]?.title).toBe('Lanterna – Capítulo 1');
    expect(portuguese.items[0]?.summary).toBe('Capítulo 1 de Lanterna já saiu.');
    const english = await feed({});
    expect(english.title).toBe('Lanterna on Inkwell');
    expect(english.items[0]?.summary).toBe('Chapter 1 of Lanterna is out.');
  });
});

describe('the OPDS catalogue', () => {
  it('names its lists in the language Accept-Language asks for, and the site’s default otherwise', async () => {
    const catalog = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/opds/v1.2/catalog', headers })).body;
    const portuguese = await catalog({ 'accept-language': 'pt-BR,pt;q=0.8' });
    expect(portuguese).toContain('<title>Últimas atualizações</title>');
    expect(portuguese).toContain('Todos os quadrinhos, capítulo mais recente primeiro');
    const english = await catalog({});
    expect(english).toContain('<title>Latest updates</title>');
    expect(english).toContain('Every comic, newest chapter first');
  });

  it('names them so in OPDS 2 too', async () => {
    const titles = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/opds/v2/catalog', headers }))
        .json<{ navigation: Array<{ title: string }> }>()
        .navigation.map((link) => link.title);
    expect(await titles({ 'accept-language': 'es' })).toEqual(['Últimas actualizaciones', 'Cómics', 'Novelas', 'Premium']);
    expect(await titles({})).toEqual(['Latest updates', 'Comics', 'Novels', 'Premium']);
  });
});
