import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_EXPORT_FORMAT, accountExportSchema, ROUTES } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser } from '../../../../test/factories';
import { multipart, png } from '../../../../test/fixtures';
import { callEndpoint, createTestApp, loginAs, signUp, TEST_ORIGIN, type TestContext } from '../../../../test/helpers';
import { readerWithData, turnOnTwoFactor } from '../../../../test/reader-with-data';
import { seedDemoStore } from '../../../demo/seed-store';

let t: TestContext;
let admin: { id: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
  const user = await buildUser(t.db, { role: 'admin' });
  admin = { id: user.id, cookie: await loginAs(t.app, user) };
});
afterAll(async () => {
  await t?.close();
});

const rows = async (text: string, values: unknown[] = []) => (await t.executeSql(text, values)).rows as Record<string, unknown>[];

/** What the deletion must not touch when it is refused: the account, its sessions and coins, its library and comments. */
async function accountState(userId: string) {
  return {
    user: await rows('select email, username, password_hash, coins, bio, deleted_at from users where id = $1', [userId]),
    sessions: await rows('select count(*)::int as n from sessions where user_id = $1', [userId]),
    ledger: await rows('select count(*)::int as n from coin_ledger where user_id = $1', [userId]),
    bookmarks: await rows('select count(*)::int as n from bookmarks where user_id = $1', [userId]),
    comments: await rows('select body from comments where user_id = $1 order by created_at', [userId]),
    keys: await rows('select count(*)::int as n from device_keys where user_id = $1', [userId]),
  };
}

const login = (username: string, password: string) =>
  callEndpoint(t, 'login', { body: { username, password }, remoteAddress: `10.99.${Math.floor(Math.random() * 250)}.1` });

/** The finance page's figures: what was sold, spent and paid is history, whoever deletes an account. */
async function finances() {
  const answer = await callEndpoint(t, 'adminCoinPackages', { cookie: admin.cookie });
  return answer.body.data.totals as { sold: number; spent: number; refunded: number; inWallets: number; revenueCents: unknown };
}

describe('the export of a reader’s data (issue 36 §3)', () => {
  it('is one JSON file to download with everything held about them, and nothing of anyone else', async () => {
    const reader = await readerWithData(t);
    const answer = await callEndpoint(t, 'accountExport', { cookie: reader.cookie });
    expect(answer.status).toBe(200);
    // The day of the app's clock (the test app's stands still from its start), not of the wall's.
    const date = t.clock.now().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="inkwell-export-${reader.username}-${date}.json"`);
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = accountExportSchema.parse(answer.body);
    expect(data.format).toBe(ACCOUNT_EXPORT_FORMAT);
    expect(data.profile).toMatchObject({ id: reader.id, username: reader.username, email: reader.email, bio: reader.bio });
    expect(data.profile.avatarUrl).toContain(`/avatars/${reader.id}/`);
    expect(data.preferences).toMatchObject({
      autoUnlock: false,
      showAsSupporter: true,
      newChapterEmail: 'daily',
      showAdult: false,
    });
    expect(data.bookmarks).toEqual([expect.objectContaining({ seriesId: reader.seriesId, seriesTitle: reader.seriesTitle })]);
    expect(data.reading).toEqual([expect.objectContaining({ chapterNumber: 1, page: 1, seriesTitle: reader.seriesTitle })]);
    expect(data.purchases).toEqual([expect.objectContaining({ id: reader.purchaseId, kind: 'coins', status: 'paid' })]);
    expect(data.coins.balance).toBe(reader.coinsLeft);
    expect(data.coins.ledger.map((entry) => entry.kind)).toEqual(['purchase', 'unlock']);
    expect(data.unlocks).toEqual([expect.objectContaining({ chapterNumber: 2, coins: 10 })]);
    expect(data.comments.map((comment) => [comment.isReply, comment.body.split(' ').slice(0, 2).join(' ')]).sort()).toEqual([
      [false, "Dora's own"],
      [true, 'Dora answers'],
    ]);
    expect(data.notifications.pushQuietHours).toEqual({ startMinute: 22 * 60, endMinute: 7 * 60, timeZone: 'Europe/Lisbon' });
    expect(data.notifications.received.map((notice) => notice.message).sort()).toEqual(['commentReply', 'welcome']);
    expect(data.deviceKeys).toEqual([{ name: reader.deviceKeyName, createdAt: expect.any(String), lastUsedAt: null }]);
    expect(data.pushSubscriptions).toEqual([{ host: '[2606:4700::1111]', createdAt: expect.any(String) }]);
    expect(data.yearShares).toEqual([{ year: 2025, createdAt: expect.any(String) }]);
    // The sign-up's own session, and the one from her browser.
    expect(data.sessions).toContainEqual(expect.objectContaining({ ip: reader.ip, userAgent: reader.userAgent }));
    expect(data.earnings).toBeNull();
    // Never a key, a hash or a secret; nothing of the other reader.
    const text = JSON.stringify(data);
    for (const secret of ['password', 'key_sha256', 'keySha256', 'p256dh', 'token', '/send/']) expect(text).not.toContain(secret);
    expect(text).not.toContain('A comment to answer');
    expect(text).not.toContain(reader.other.id);
  });

  it('is the signed-in reader’s own: a visitor is refused', async () => {
    expect((await callEndpoint(t, 'accountExport')).status).toBe(401);
    const { user, cookie } = await signedInUser(t);
    const data = accountExportSchema.parse((await callEndpoint(t, 'accountExport', { cookie })).body);
    expect(data.profile.id).toBe(user.id);
    expect(data).toMatchObject({ bookmarks: [], purchases: [], comments: [], deviceKeys: [], earnings: null });
  });
});

describe('deleting one’s account (issue 36 §3)', () => {
  it('is refused with a wrong or missing password, and nothing changes', async () => {
    const reader = await readerWithData(t);
    const before = await accountState(reader.id);
    const wrong = await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBeTruthy();
    expect((await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: {} })).status).toBe(400);
    expect((await callEndpoint(t, 'accountDelete', { body: { password: reader.password } })).status).toBe(401);
    expect(await accountState(reader.id)).toEqual(before);
    expect((await callEndpoint(t, 'profile', { cookie: reader.cookie })).status).toBe(200);
  });

  it('signs the reader out everywhere, forfeits their coins through the ledger and leaves the accounts adding up', async () => {
    const reader = await readerWithData(t);
    const before = await finances();
    expect(reader.coinsLeft).toBeGreaterThan(0);
    const second = await loginAs(t.app, { username: reader.username, password: reader.password });

    const answer = await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: { password: reader.password } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ deleted: true });
    expect(String(answer.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    for (const cookie of [reader.cookie, second]) expect((await callEndpoint(t, 'profile', { cookie })).status).toBe(401);

    const [user] = await rows('select email, username, coins, bio, avatar_url, deleted_at, role from users where id = $1', [
      reader.id,
    ]);
    expect(user).toMatchObject({
      email: `deleted-${reader.id}@deleted.invalid`,
      username: expect.stringMatching(/^deleted-[0-9a-f]{12}$/),
      coins: 0,
      bio: '',
      avatar_url: null,
      role: 'reader',
    });
    expect(user!.deleted_at).not.toBeNull();
    const ledger = await rows('select kind, delta, balance_after from coin_ledger where user_id = $1 order by created_at, kind', [
      reader.id,
    ]);
    expect(ledger.at(-1)).toEqual({ kind: 'forfeit', delta: -reader.coinsLeft, balance_after: 0 });
    // Purchases and unlocks stay, on the anonymous row; the finance page's history does not move.
    expect(await rows('select status from purchases where user_id = $1', [reader.id])).toEqual([{ status: 'paid' }]);
    expect(await rows('select coins from chapter_unlocks where user_id = $1', [reader.id])).toEqual([{ coins: 10 }]);
    const after = await finances();
    expect({ ...after, inWallets: 0 }).toEqual({ ...before, inWallets: 0 });
    expect(after.inWallets).toBe(before.inWallets - reader.coinsLeft);

    // Comments stay in their threads as [deleted]; the other reader's notice no longer names her.
    expect(await rows('select body, is_spoiler from comments where user_id = $1', [reader.id])).toEqual([
      { body: '[deleted]', is_spoiler: false },
      { body: '[deleted]', is_spoiler: false },
    ]);
    const [notice] = await rows("select message_values from notifications where user_id = $1 and kind = 'comment_reply'", [
      reader.other.id,
    ]);
    expect(notice!.message_values).toMatchObject({ username: '[deleted]', excerpt: '[deleted]' });
    for (const table of [
      'sessions',
      'device_keys',
      'push_subscriptions',
      'push_quiet_hours',
      'bookmarks',
      'reading_progress',
      'reading_year_shares',
      'notifications',
      'email_changes',
      'password_reset_tokens',
    ]) {
      expect(await rows(`select count(*)::int as n from ${table} where user_id = $1`, [reader.id]), table).toEqual([{ n: 0 }]);
    }
    expect(await rows('select count(*)::int as n from mail_outbox where lower(to_address) = lower($1)', [reader.email])).toEqual([
      { n: 0 },
    ]);
  });

  it('cannot be signed in to, nor found; the address and the name can sign up again as a new account', async () => {
    const reader = await readerWithData(t);
    expect((await callEndpoint(t, 'accountDelete', { cookie: reader.cookie, body: { password: reader.password } })).status).toBe(
      200,
    );
    for (const name of [reader.username, reader.email]) expect((await login(name, reader.password)).status).toBe(401);
    const [row] = await rows('select username from users where id = $1', [reader.id]);
    expect((await login(row!.username as string, reader.password)).status).toBe(401);

    for (const q of [reader.username, reader.email, reader.id, 'deleted-']) {
      const found = await callEndpoint(t, 'adminUsers', { cookie: admin.cookie, query: `?q=${encodeURIComponent(q)}` });
      expect(
        found.body.data.items.map((item: { id: string }) => item.id),
        q,
      ).not.toContain(reader.id);
    }
    const supporters = await callEndpoint(t, 'seriesSupporters', { params: { seriesId: reader.seriesId } });
    expect(JSON.stringify(supporters.body)).not.toContain(reader.id);

    const again = await signUp(t, { email: reader.email, username: reader.username, password: 'a-new-long-password' });
    expect(again.statusCode).toBe(201);
    const fresh = await callEndpoint(t, 'profile', { cookie: again.headers['set-cookie']!.toString().split(';')[0]! });
    expect(fresh.body.data).toMatchObject({ username: reader.username, coins: 0 });
    expect(fresh.body.data.id).not.toBe(reader.id);
    expect(
      (await callEndpoint(t, 'accountExport', { cookie: again.headers['set-cookie']!.toString().split(';')[0]! })).body.bookmarks,
    ).toEqual([]);
  });

  it('removes the stored avatar files', async () => {
    const { user, cookie } = await signedInUser(t);
    const body = multipart([{ field: 'avatar', name: 'me.png', type: 'image/png', data: await png(120, 120) }]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: ROUTES.avatarPut.path,
      headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const folder = join(t.dataDir, 'media', 'avatars', user.id);
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    expect((await callEndpoint(t, 'accountDelete', { cookie, body: { password: user.password } })).status).toBe(200);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('asks for the two-factor code when it is on: none or a wrong one changes nothing, a right one deletes', async () => {
    const { user, cookie } = await signedInUser(t);
    const twoFactor = await turnOnTwoFactor(t, cookie);
    const before = await accountState(user.id);
    const none = await callEndpoint(t, 'accountDelete', { cookie, body: { password: user.password } });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.code).toBeTruthy();
    const wrong = await callEndpoint(t, 'accountDelete', { cookie, body: { password: user.password, code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(await accountState(user.id)).toEqual(before);
    const right = await callEndpoint(t, 'accountDelete', {
      cookie,
      body: { password: user.password, code: await twoFactor.codeNow() },
    });
    expect(right.status).toBe(200);
    expect(await rows('select totp_secret, totp_enabled_at from users where id = $1', [user.id])).toEqual([
      { totp_secret: null, totp_enabled_at: null },
    ]);
    expect(await rows('select count(*)::int as n from recovery_codes where user_id = $1', [user.id])).toEqual([{ n: 0 }]);
  });

  it('takes a recovery code instead of the authenticator’s', async () => {
    const { user, cookie } = await signedInUser(t);
    const twoFactor = await turnOnTwoFactor(t, cookie);
    const answer = await callEndpoint(t, 'accountDelete', {
      cookie,
      body: { password: user.password, code: twoFactor.recoveryCodes[0] },
    });
    expect(answer.status).toBe(200);
  });

  it('cancels a running plan (the test provider), and the last admin cannot delete themself', async () => {
    const { user, cookie } = await signedInUser(t);
    const plans = (await callEndpoint(t, 'plans')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', { cookie, body: { kind: 'plan', planId: plans[0]!.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie, params: { purchaseId: started.body.data.purchaseId } });
    expect(await rows('select cancel_at_period_end from subscriptions where user_id = $1', [user.id])).toEqual([
      { cancel_at_period_end: false },
    ]);
    expect((await callEndpoint(t, 'accountDelete', { cookie, body: { password: user.password } })).status).toBe(200);
    expect(await rows('select cancel_at_period_end from subscriptions where user_id = $1', [user.id])).toEqual([
      { cancel_at_period_end: true },
    ]);

    const lone = await createTestApp();
    try {
      const only = await buildUser(lone.db, { role: 'admin' });
      const onlyCookie = await loginAs(lone.app, only);
      const refused = await callEndpoint(lone, 'accountDelete', { cookie: onlyCookie, body: { password: only.password } });
      expect(refused.status).toBe(409);
      expect((await callEndpoint(lone, 'profile', { cookie: onlyCookie })).status).toBe(200);
    } finally {
      await lone.close();
    }
  });
});

describe('an admin deleting an account (issue 36 §3)', () => {
  it('deletes it as its owner would, audited under the anonymous name; readers and the admin themself are refused', async () => {
    const reader = await readerWithData(t);
    expect((await callEndpoint(t, 'adminUserDelete', { cookie: reader.other.cookie, params: { id: reader.id } })).status).toBe(
      403,
    );
    const self = await callEndpoint(t, 'adminUserDelete', { cookie: admin.cookie, params: { id: admin.id } });
    expect(self.status).toBe(409);
    const listed = async () => (await callEndpoint(t, 'adminUsers', { cookie: admin.cookie })).body.data.pagination.total;
    const before = await listed();
    const answer = await callEndpoint(t, 'adminUserDelete', { cookie: admin.cookie, params: { id: reader.id } });
    expect(answer.status).toBe(200);
    expect((await callEndpoint(t, 'profile', { cookie: reader.cookie })).status).toBe(401);
    const [row] = await rows('select username, deleted_at from users where id = $1', [reader.id]);
    expect(row!.deleted_at).not.toBeNull();
    // The list's count (list_counts, kept by a trigger) no longer counts the account.
    expect(await listed()).toBe(before - 1);
    const entries = await rows(
      "select actor_id, action, target_label from audit_log where target_id = $1 and action = 'adminUserDelete'",
      [reader.id],
    );
    expect(entries).toEqual([{ actor_id: admin.id, action: 'adminUserDelete', target_label: row!.username }]);
    const [forfeit] = await rows("select actor_id from coin_ledger where user_id = $1 and kind = 'forfeit'", [reader.id]);
    expect(forfeit).toEqual({ actor_id: admin.id });
    // Once deleted, it is not there to delete again.
    expect((await callEndpoint(t, 'adminUserDelete', { cookie: admin.cookie, params: { id: reader.id } })).status).toBe(404);
  });
});
