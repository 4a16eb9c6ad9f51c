import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import {
  callEndpoint,
  createTestApp,
  loginAs,
  sessionCookieFrom,
  signUp,
  TEST_ORIGIN,
  type TestContext,
} from '../../../../test/helpers';
import { notifications } from '../../../db/schema';
import { createNotification } from './commands/notices';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const LIST = '/api/omegascans/secure/me/get/notification?limit=10&offset=0';
const COUNT = '/api/omegascans/secure/me/get/notification/unread/count';

describe('notifications', () => {
  it('lists the reader’s own notifications newest first, with the unread total', async () => {
    const reader = await buildUser(t.db);
    const other = await buildUser(t.db);
    for (let i = 1; i <= 12; i += 1) {
      t.clock.advance(1000);
      const values = { series: 'Moth Lantern', number: i, chapterTitle: '' };
      // Dated by the test's clock: the database's own now() can give two quick inserts one millisecond.
      await createNotification(t.db, { userId: reader.id, message: 'newChapter', values, createdAt: t.clock.now() });
    }
    await createNotification(t.db, { userId: other.id, message: 'passReady', values: { series: 'Not yours' } });
    const cookie = await loginAs(t.app, reader);
    const response = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.notifications).toHaveLength(10);
    expect(data.pagination).toEqual({ limit: 10, offset: 0, total: 12, total_unread: 12 });
    expect(data.notifications.every((n: { title: string }) => !n.title.includes('Not yours'))).toBe(true);
    expect(data.notifications[0]).toMatchObject({ title: 'New chapter of Moth Lantern', description: 'Chapter 12 is out now' });
    expect(Object.keys(data.notifications[0]).sort()).toEqual(['created_at', 'description', 'id', 'is_read', 'link', 'title']);
  });

  it('marks one as read, only for its owner', async () => {
    const reader = await buildUser(t.db);
    const intruder = await buildUser(t.db);
    await createNotification(t.db, { userId: reader.id, message: 'welcome', values: {} });
    const cookie = await loginAs(t.app, reader);
    const list = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    const id = list.json().data.notifications[0].id as string;

    const intruderCookie = await loginAs(t.app, intruder);
    const stolen = await t.app.inject({
      method: 'PATCH',
      url: `/api/omegascans/secure/me/patch/notification/${id}/read`,
      headers: { cookie: intruderCookie, origin: TEST_ORIGIN },
    });
    expect(stolen.statusCode).toBe(404);

    const before = await t.app.inject({ method: 'GET', url: COUNT, headers: { cookie } });
    expect(before.json()).toEqual({ success: true, data: { unread_count: 1 } });
    const marked = await t.app.inject({
      method: 'PATCH',
      url: `/api/omegascans/secure/me/patch/notification/${id}/read`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(marked.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: COUNT, headers: { cookie } });
    expect(after.json().data.unread_count).toBe(0);
  });

  it('refuses a malformed id, bad paging and visitors', async () => {
    const reader = await buildUser(t.db);
    const cookie = await loginAs(t.app, reader);
    const badId = await t.app.inject({
      method: 'PATCH',
      url: '/api/omegascans/secure/me/patch/notification/not-a-uuid/read',
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(badId.statusCode).toBe(400);
    const badPage = await t.app.inject({
      method: 'GET',
      url: '/api/omegascans/secure/me/get/notification?limit=-1&offset=x',
      headers: { cookie },
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.fields).toHaveProperty('limit');
    const visitor = await t.app.inject({ method: 'GET', url: LIST });
    expect(visitor.statusCode).toBe(401);
  });

  it('welcomes a new reader with a notification', async () => {
    const confirmed = await signUp(t, { email: 'welcome@example.com', username: 'welcome_me', password: 'lantern-meadow-42' });
    const cookie = sessionCookieFrom(confirmed);
    const count = await t.app.inject({ method: 'GET', url: COUNT, headers: { cookie } });
    expect(count.json().data.unread_count).toBe(1);
  });

  it('says a stored notice in the language the request names, else the reader’s, else the site’s (issue 35 §1)', async () => {
    const reader = await buildUser(t.db);
    const values = { series: 'Sal e Brasa', username: 'quill', coins: 5, message: 'Obrigada!' };
    await createNotification(t.db, { userId: reader.id, message: 'gift', values, link: '/SeriesView/sal-e-brasa' });
    const cookie = await loginAs(t.app, reader);
    const newest = async (headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie, ...headers } });
      const [notice] = response.json().data.notifications as { title: string; description: string }[];
      return notice;
    };

    // A reader who chose no language, a request that names none: the site's default, English.
    expect(await newest()).toMatchObject({ title: 'A gift for Sal e Brasa', description: 'quill sent 5 coins: “Obrigada!”' });
    expect(await newest({ 'accept-language': 'pt-BR,pt;q=0.9' })).toMatchObject({
      title: 'Um presente para Sal e Brasa',
      description: 'quill enviou 5 moedas: “Obrigada!”',
    });
    expect(await newest({ 'accept-language': 'es-MX' })).toMatchObject({ title: 'Un regalo para Sal e Brasa' });
    // The picker's cookie is the reader's own choice on this browser: it wins over the browser's list.
    expect(await newest({ 'accept-language': 'es', cookie: `${cookie}; inkwell_lang=pt-BR` })).toMatchObject({
      title: 'Um presente para Sal e Brasa',
    });
    // A request that names none of ours: the language kept on the reader's account.
    expect((await callEndpoint(t, 'preferencesUpdate', { cookie, body: { locale: 'es' } })).status).toBe(200);
    expect(await newest({ 'accept-language': 'fr' })).toMatchObject({
      title: 'Un regalo para Sal e Brasa',
      description: 'quill envió 5 monedas: “Obrigada!”',
    });
  });

  it('shows a notice written before notices were stored as messages as it was written', async () => {
    const reader = await buildUser(t.db);
    await t.db.insert(notifications).values({ userId: reader.id, title: 'Welcome to Inkwell', description: 'Older words' });
    const cookie = await loginAs(t.app, reader);
    const response = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie, 'accept-language': 'pt-BR' } });
    expect(response.json().data.notifications[0]).toMatchObject({ title: 'Welcome to Inkwell', description: 'Older words' });
  });
});
