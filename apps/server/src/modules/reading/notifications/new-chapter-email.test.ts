import { UNSUBSCRIBE_PATH } from '@inkwell/contract';
import { desc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../config';
import { mailOutbox } from '../../../db/schema';
import { translatorFor } from '../../../lib/i18n';
import { buildChapter, buildSeries, buildUser } from '../../../../test/factories';
import { buildFollowers, follow, mailsTo } from '../../../../test/followers';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  startSecondInstance,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../test/helpers';
import { digestMail, newChapterMail } from './new-chapter-mail';
import { createUnsubscribeTokens } from './unsubscribe-token';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function readerWho(newChapterEmail: 'off' | 'instant' | 'daily') {
  const user = await buildUser(t.db);
  const cookie = await loginAs(t.app, user);
  const saved = await setPreference(cookie, { newChapterEmail });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { user, cookie };
}
const setPreference = (cookie: string | undefined, body: unknown) =>
  callEndpoint(t, 'notificationPreferencesUpdate', { cookie, body });
const preferenceOf = async (cookie: string) =>
  (await callEndpoint(t, 'notificationPreferences', { cookie })).body.data.newChapterEmail as string;
async function mailsOf(address: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, [address]))
    .orderBy(desc(mailOutbox.createdAt));
}
function unsubscribeLinkIn(text: string): string {
  const url = /Unsubscribe with one click: (\S+)/.exec(text)?.[1];
  expect(url).toBeDefined();
  expect(url!.startsWith(`${TEST_ORIGIN}${UNSUBSCRIBE_PATH}?token=`)).toBe(true);
  return url!.slice(TEST_ORIGIN.length);
}
async function publishChapter(seriesId: string, number: number) {
  const chapter = await buildChapter(t, seriesId, {
    number,
    publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString(),
  });
  await t.app.services.jobs.drain();
  return chapter;
}

describe('e-mail preferences (GET / PATCH ME/notification-preferences)', () => {
  it('start off, and keep what the reader chooses', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    expect((await callEndpoint(t, 'notificationPreferences', { cookie })).body).toEqual({
      success: true,
      data: { newChapterEmail: 'off', pushQuietHours: null },
    });
    for (const choice of ['instant', 'daily', 'off'] as const) {
      const saved = await setPreference(cookie, { newChapterEmail: choice });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toEqual({ newChapterEmail: choice, pushQuietHours: null });
      expect(await preferenceOf(cookie)).toBe(choice);
    }
  });

  it('refuse bad input, visitors and other sites, and change nothing', async () => {
    const user = await buildUser(t.db);
    const cookie = await loginAs(t.app, user);
    for (const payload of [
      { newChapterEmail: 'weekly' },
      { newChapterEmail: null },
      { newChapterEmail: 'INSTANT' },
      {},
      ['instant'],
    ]) {
      const response = await setPreference(cookie, payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    }
    expect((await setPreference(cookie, { newChapterEmail: 'weekly' })).body.error.fields).toHaveProperty('newChapterEmail');
    expect(await preferenceOf(cookie)).toBe('off');

    expect((await callEndpoint(t, 'notificationPreferences')).status).toBe(401);
    expect((await setPreference(undefined, { newChapterEmail: 'instant' })).status).toBe(401);
    const foreign = await callEndpoint(t, 'notificationPreferencesUpdate', {
      cookie,
      headers: { origin: 'https://evil.example' },
      body: { newChapterEmail: 'instant' },
    });
    expect(foreign.status).toBe(403);
    expect(await preferenceOf(cookie)).toBe('off');
  });

  it('are every role’s own', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const cookie = await loginAs(t.app, await buildUser(t.db, { role }));
      expect((await setPreference(cookie, { newChapterEmail: 'daily' })).status).toBe(200);
      expect(await preferenceOf(cookie)).toBe('daily');
    }
  });
});

describe('instant e-mail about a new chapter', () => {
  it('goes once to followers who chose it, with the chapter’s link and a one-click unsubscribe that works', async () => {
    const series = await buildSeries(t, { title: 'Salt and Cinder' });
    const instant = await readerWho('instant');
    const daily = await readerWho('daily');
    const off = await readerWho('off');
    await follow(t.db, series.id, [instant.user.id, daily.user.id, off.user.id]);

    const chapter = await publishChapter(series.id, 4);
    const [mail, ...more] = await mailsOf(instant.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New chapter of Salt and Cinder: Chapter 4');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/SeriesView/${series.slug}/${chapter.slug}`);
    expect(await mailsOf(daily.user.email)).toHaveLength(0);
    expect(await mailsOf(off.user.email)).toHaveLength(0);

    // Clicking the link in the mail: a page that says so, and the preference is off.
    const page = await t.app.inject({ method: 'GET', url: unsubscribeLinkIn(mail!.text) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');
    expect(await preferenceOf(instant.cookie)).toBe('off');
    // The same link again is still fine.
    expect((await t.app.inject({ method: 'GET', url: unsubscribeLinkIn(mail!.text) })).statusCode).toBe(200);

    await publishChapter(series.id, 5);
    expect(await mailsOf(instant.user.email)).toHaveLength(1);
  });

  it('a mail client’s one-click POST (RFC 8058) unsubscribes too', async () => {
    const series = await buildSeries(t);
    const reader = await readerWho('instant');
    await follow(t.db, series.id, [reader.user.id]);
    await publishChapter(series.id, 1);
    const [mail] = await mailsOf(reader.user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: unsubscribeLinkIn(mail!.text),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await preferenceOf(reader.cookie)).toBe('off');
  });

  it('a link that is not ours, or was changed, is refused and changes nothing', async () => {
    const reader = await readerWho('instant');
    const victim = await readerWho('daily');
    const theirs = createUnsubscribeTokens('another-secret').tokenFor(victim.user.id);
    const mine = tokens().tokenFor(reader.user.id);
    const forged = `${victim.user.id}.${mine.split('.')[1]}`;
    for (const token of [theirs, forged, `${mine}x`, 'garbage', '', `${victim.user.id}`]) {
      const response = await t.app.inject({ method: 'GET', url: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` });
      expect(response.statusCode, token).toBe(400);
      expect(response.body).toContain('This link does not work');
    }
    expect((await t.app.inject({ method: 'GET', url: UNSUBSCRIBE_PATH })).statusCode).toBe(400);
    expect(await preferenceOf(victim.cookie)).toBe('daily');
    expect(await preferenceOf(reader.cookie)).toBe('instant');
  });
});

/** The app's own unsubscribe tokens (the test app keeps its session secret in its data folder). */
function tokens() {
  return createUnsubscribeTokens(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, PUBLIC_URL: TEST_ORIGIN }).sessionSecret);
}

describe('the daily digest', () => {
  it('lists the day’s new chapters once a day, once, with an unsubscribe link', async () => {
    const first = await buildSeries(t, { title: 'Moth Lantern' });
    const second = await buildSeries(t, { title: 'Copper Saints' });
    const reader = await readerWho('daily');
    await follow(t.db, first.id, [reader.user.id]);
    await follow(t.db, second.id, [reader.user.id]);
    t.clock.advance(1000);

    const a = await publishChapter(first.id, 1);
    const b = await publishChapter(second.id, 9);
    // Chose daily a moment ago: the first digest comes a day later.
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.jobs.drain();
    expect(await mailsOf(reader.user.email)).toHaveLength(0);

    // A digest covers up to five minutes ago (notices still being written wait for the next).
    t.clock.advance(23 * HOUR + 10 * 60_000);
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.jobs.drain();
    const [digest, ...more] = await mailsOf(reader.user.email);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe('2 new chapters of series you follow');
    expect(digest!.text).toContain('New chapter of Moth Lantern — Chapter 1 is out now');
    expect(digest!.text).toContain(`${TEST_ORIGIN}/SeriesView/${first.slug}/${a.slug}`);
    expect(digest!.text).toContain(`${TEST_ORIGIN}/SeriesView/${second.slug}/${b.slug}`);

    // The next chapter waits for the next day's digest, which lists only it.
    const c = await publishChapter(first.id, 2);
    t.clock.advance(HOUR);
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.jobs.drain();
    expect(await mailsOf(reader.user.email)).toHaveLength(1);
    t.clock.advance(22 * HOUR);
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.jobs.drain();
    const [next] = await mailsOf(reader.user.email);
    expect(next!.subject).toBe('A new chapter of a series you follow');
    expect(next!.text).toContain(`/SeriesView/${first.slug}/${c.slug}`);
    expect(next!.text).not.toContain(`/SeriesView/${first.slug}/${a.slug}`);

    const page = await t.app.inject({ method: 'GET', url: unsubscribeLinkIn(next!.text) });
    expect(page.statusCode).toBe(200);
    expect(await preferenceOf(reader.cookie)).toBe('off');
  });

  it('skips a day with nothing new, and readers who are not on daily', async () => {
    const series = await buildSeries(t);
    const quiet = await readerWho('daily');
    const instant = await readerWho('instant');
    await follow(t.db, series.id, [instant.user.id]);
    await publishChapter(series.id, 1);
    t.clock.advance(24 * HOUR);
    await t.app.services.newChapterNotices.sendDigests();
    await t.app.services.jobs.drain();
    expect(await mailsOf(quiet.user.email)).toHaveLength(0);
    expect(await mailsOf(instant.user.email)).toHaveLength(1); // the instant one, no digest
  });
});

describe('mail content', () => {
  const urls = {
    publicUrl: 'https://inkwell.example',
    unsubscribeUrl: 'https://inkwell.example/api/proxy/public/unsubscribe?token=t',
  };
  const to = { userId: 'u', email: 'reader@example.com', username: 'reader', locale: null };
  const english = translatorFor('en');

  it('carries List-Unsubscribe headers for mail clients’ own button', () => {
    const chapter = {
      id: 'c',
      seriesId: 's',
      number: 12.5,
      title: 'Ember',
      slug: 'chapter-12-5',
      seriesSlug: 'moth',
      seriesTitle: 'Moth',
      announcedAt: new Date(),
    };
    const mail = newChapterMail(to, chapter, urls, english);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${urls.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.subject).toBe('New chapter of Moth: Chapter 12.5: Ember');
    expect(mail.text).toContain('https://inkwell.example/SeriesView/moth/chapter-12-5');
  });

  it('a long digest lists the first chapters and counts the rest', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({
      userId: 'u',
      title: null,
      description: null,
      message: 'newChapter',
      messageValues: { series: 'Moth', number: i + 1, chapterTitle: '' },
      link: `/SeriesView/moth/${i + 1}`,
      total: 42,
    }));
    const mail = digestMail(to, entries, 12, urls, english);
    expect(mail.subject).toBe('42 new chapters of series you follow');
    expect(mail.text).toContain('• New chapter of Moth — Chapter 30 is out now');
    expect(mail.text).toContain('…and 12 more: https://inkwell.example/profile/notifications');
    expect(mail.text).toContain(`Unsubscribe with one click: ${urls.unsubscribeUrl}`);
  });

  it('a digest lists each notice in the reader’s language, and an older one as it was written (issue 35 §1)', () => {
    const notice = { userId: 'u', link: '/SeriesView/moth/7', total: 2 };
    const entries = [
      {
        ...notice,
        title: null,
        description: null,
        message: 'chapterFree',
        messageValues: { series: 'Moth', number: '7', chapterTitle: 'Brasa' },
      },
      { ...notice, title: 'New chapter of Moth', description: 'Chapter 6 is out now', message: null, messageValues: null },
    ];
    const mail = digestMail(to, entries, 0, urls, translatorFor('pt-BR'));
    expect(mail.subject).toBe('2 novos capítulos de séries que você segue');
    expect(mail.text).toContain('• Grátis agora: Moth — Capítulo 7: Brasa está grátis para ler');
    expect(mail.text).toContain('• New chapter of Moth — Chapter 6 is out now');
  });
});

const target = inject('testDatabase');
describe.skipIf(target.kind !== 'postgres')('two instances on one PostgreSQL database', () => {
  it('send each daily reader one digest when both run the schedule at once', async () => {
    const series = await buildSeries(t);
    const readers = await buildFollowers(t.db, series.id, 250, 'daily');
    await publishChapter(series.id, 1);
    // Never had a digest: theirs holds the last day's notices.
    t.clock.advance(HOUR);

    const { app: second, close } = await startSecondInstance(t);
    try {
      await Promise.all(
        Array.from({ length: 4 }, (_, i) => (i % 2 === 0 ? t.app : second).services.newChapterNotices.sendDigests()),
      );
      await t.app.services.jobs.drain();
      expect(
        await mailsTo(
          t.db,
          readers.map((reader) => reader.email),
        ),
      ).toEqual(new Map(readers.map((reader) => [reader.email, 1])));
    } finally {
      await close();
    }
  });
});
