import { eq } from 'drizzle-orm';
import type { AccountSession } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema';
import { buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, sessionCookieFrom, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { describeUserAgent } from '../../../lib/user-agent';

// Issue 36 §2: where a reader is signed in, and ending those sessions.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let logins = 0;
/** Signs the user in with this user agent, as another browser would; answers its cookie. */
async function signInWith(user: { username: string; password: string }, userAgent: string): Promise<string> {
  logins += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/proxy/public/login',
    remoteAddress: `10.37.0.${logins}`,
    headers: { origin: TEST_ORIGIN, 'user-agent': userAgent },
    payload: { username: user.username, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieFrom(response);
}

const listOf = async (cookie: string) => {
  const answer = await callEndpoint(t, 'sessions', { cookie });
  expect(answer.status).toBe(200);
  return answer.body.data.items as AccountSession[];
};

describe('where a reader is signed in', () => {
  it('lists their live sessions with the device in words, this one first and marked', async () => {
    const user = await buildUser(t.db);
    const phone = await signInWith(user, SAFARI_IPHONE);
    t.clock.advance(60_000);
    const desktop = await signInWith(user, FIREFOX_WINDOWS);
    const items = await listOf(phone);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ browser: 'Safari', os: 'iOS', kind: 'phone', isCurrent: true });
    expect(items[1]).toMatchObject({ browser: 'Firefox', os: 'Windows', kind: 'desktop', isCurrent: false });
    expect(Date.parse(items[1]!.lastSeenAt)).not.toBeNaN();
    expect((await listOf(desktop))[0]).toMatchObject({ browser: 'Firefox', isCurrent: true });
    // Another reader's sessions are not theirs to see.
    const other = await signedInUser(t);
    expect(await listOf(other.cookie)).toHaveLength(1);
  });

  it('ends one session: its cookie is refused at once, though the session was just read', async () => {
    const user = await buildUser(t.db);
    const mine = await loginAs(t.app, user);
    const elsewhere = await loginAs(t.app, user);
    // Read once, so this instance keeps the session a few seconds (the viewer cache).
    expect((await callEndpoint(t, 'profile', { cookie: elsewhere })).status).toBe(200);
    const target = (await listOf(mine)).find((item) => !item.isCurrent)!;

    expect((await callEndpoint(t, 'sessionRevoke', { cookie: mine, params: { id: target.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'profile', { cookie: elsewhere })).status).toBe(401);
    expect((await callEndpoint(t, 'profile', { cookie: mine })).status).toBe(200);
    const again = await callEndpoint(t, 'sessionRevoke', { cookie: mine, params: { id: target.id } });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('That session has already ended');
  });

  it('does not end another reader’s session: 404, and it goes on working', async () => {
    const owner = await signedInUser(t);
    const stranger = await signedInUser(t);
    const [ownersSession] = await listOf(owner.cookie);
    const answer = await callEndpoint(t, 'sessionRevoke', { cookie: stranger.cookie, params: { id: ownersSession!.id } });
    expect(answer.status).toBe(404);
    expect((await callEndpoint(t, 'profile', { cookie: owner.cookie })).status).toBe(200);
    expect((await callEndpoint(t, 'sessionRevoke', { cookie: stranger.cookie, params: { id: 'nope' } })).status).toBe(400);
  });

  it('ending this device’s own session signs this browser out', async () => {
    const { cookie } = await signedInUser(t);
    const [current] = await listOf(cookie);
    const answer = await t.app.inject({
      method: 'DELETE',
      url: `/api/omegascans/secure/me/sessions/${current!.id}`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.cookies.find((c) => c.name === 'inkwell_session')?.value).toBe('');
    expect((await callEndpoint(t, 'profile', { cookie })).status).toBe(401);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const user = await buildUser(t.db);
    const here = await loginAs(t.app, user);
    const others = [await loginAs(t.app, user), await loginAs(t.app, user)];
    for (const cookie of others) expect((await callEndpoint(t, 'profile', { cookie })).status).toBe(200);
    const someoneElse = await signedInUser(t);

    const answer = await callEndpoint(t, 'sessionsRevokeOthers', { cookie: here });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ended: 2 });
    for (const cookie of others) expect((await callEndpoint(t, 'profile', { cookie })).status).toBe(401);
    expect((await callEndpoint(t, 'profile', { cookie: here })).status).toBe(200);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect((await callEndpoint(t, 'profile', { cookie: someoneElse.cookie })).status).toBe(200);
    expect((await callEndpoint(t, 'sessionsRevokeOthers', { cookie: here })).body.data).toEqual({ ended: 0 });
  });
});

describe('describing a user agent', () => {
  it.each([
    [FIREFOX_WINDOWS, { browser: 'Firefox', os: 'Windows', kind: 'desktop' }],
    [SAFARI_IPHONE, { browser: 'Safari', os: 'iOS', kind: 'phone' }],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', os: 'macOS', kind: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', os: 'Windows', kind: 'desktop' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome', os: 'Android', kind: 'phone' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
      { browser: 'Samsung Internet', os: 'Android', kind: 'tablet' },
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      { browser: 'Chrome', os: 'iOS', kind: 'tablet' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/114.0.0.0',
      { browser: 'Opera', os: 'Linux', kind: 'desktop' },
    ],
    ['curl/8.5.0', { browser: null, os: null, kind: null }],
    [null, { browser: null, os: null, kind: null }],
  ])('%s', (agent, expected) => {
    expect(describeUserAgent(agent)).toEqual(expected);
  });
});
