import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { createTestApp, loginAs, sessionCookieFrom, signUp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { createNotification } from './notifications.repository';

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
      await createNotification(t.db, { userId: reader.id, title: `Chapter ${i} is out`, description: `Read chapter ${i}` });
    }
    await createNotification(t.db, { userId: other.id, title: 'Not yours', description: 'x' });
    const cookie = await loginAs(t.app, reader);
    const response = await t.app.inject({ method: 'GET', url: LIST, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.notifications).toHaveLength(10);
    expect(data.pagination).toEqual({ limit: 10, offset: 0, total: 12, total_unread: 12 });
    expect(data.notifications.every((n: { title: string }) => n.title !== 'Not yours')).toBe(true);
    expect(Object.keys(data.notifications[0]).sort()).toEqual(['created_at', 'description', 'id', 'is_read', 'link', 'title']);
  });

  it('marks one as read, only for its owner', async () => {
    const reader = await buildUser(t.db);
    const intruder = await buildUser(t.db);
    await createNotification(t.db, { userId: reader.id, title: 'Hello', description: 'World' });
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
});
