import { USERS_PAGE_SIZE } from '@inkwell/contract';
import { and, count, eq, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeries, buildUser, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { seedDemoStore } from '../../../demo/seed-store';
import { auditLog, coinLedger, sessions, users } from '../../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoStore(t.db);
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const ledgerRows = async (userId: string) =>
  (await t.db.select({ n: count() }).from(coinLedger).where(eq(coinLedger.userId, userId)))[0]!.n;
const coinsOf = async (userId: string) =>
  (await t.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId)))[0]!.coins;
const roleOf = async (userId: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0]!.role;

/** Leaves `keep` as the only admins who can sign in (others become editors), for the last-admin rules. */
async function onlyAdmins(...keep: string[]) {
  await t.db
    .update(users)
    .set({ role: 'editor' })
    .where(and(eq(users.role, 'admin'), notInArray(users.id, keep)));
}

describe('who may administer users', () => {
  it('answers visitors 401, readers and editors 403, whatever they send; admins may', async () => {
    const reader = await signedInUser(t);
    const editor = await signedInUser(t, { role: 'editor' });
    const admin = await signedInUser(t, { role: 'admin' });
    const target = await buildUser(t.db);
    const endpoints = [
      ['adminUsers', { query: '?role=nobody' }],
      ['adminUser', { params: { id: target.id } }],
      ['adminUserUpdate', { params: { id: target.id }, body: { banned: true } }],
      ['adminUserCoins', { params: { id: target.id }, body: { delta: 5, reason: 'Thanks' } }],
    ] as const;
    for (const [name, options] of endpoints) {
      expect((await callEndpoint(t, name, options)).status, name).toBe(401);
      expect((await callEndpoint(t, name, { ...options, cookie: reader.cookie })).status, name).toBe(403);
      expect((await callEndpoint(t, name, { ...options, cookie: editor.cookie })).status, name).toBe(403);
    }
    expect(await coinsOf(target.id)).toBe(0);
    expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0]!.isBanned).toBe(false);

    expect((await callEndpoint(t, 'adminUsers', { cookie: admin.cookie })).status).toBe(200);
    expect((await callEndpoint(t, 'adminUser', { cookie: admin.cookie, params: { id: target.id } })).status).toBe(200);
  });
});

describe('finding users', () => {
  it('searches names and e-mails in any case, or an id; filters by role and status; newest first', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const tag = `q${Math.random().toString(36).slice(2, 7)}`;
    const alice = await signedInUser(t, { username: `Alice_${tag}`, email: `alice.${tag}@mail.example` });
    const bob = await buildUser(t.db, { username: `bob_${tag}`, email: `b.${tag}@Other.example` });
    const carol = await buildUser(t.db, { username: `carol_${tag}`, role: 'editor', email: `carol.${tag}@mail.example` });
    const dave = await buildUser(t.db, { username: `dave_${tag}`, isBanned: true });
    // Newest first, by when each signed up.
    for (const [i, user] of [alice.user, bob, carol, dave].entries()) {
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(users.id, user.id));
    }
    const list = async (query: string) => {
      const answer = await callEndpoint(t, 'adminUsers', { cookie, query });
      expect(answer.status, query).toBe(200);
      return answer.body.data as { items: { id: string; username: string }[]; pagination: { total: number } };
    };
    const names = async (query: string) => (await list(query)).items.map((user) => user.username);

    expect(await names(`?q=${tag.toUpperCase()}`)).toEqual([dave.username, carol.username, bob.username, alice.user.username]);
    expect(await names(`?q=alice_${tag}`)).toEqual([alice.user.username]);
    expect(await names(`?q=${encodeURIComponent(`other.example`)}&role=reader`)).toContain(bob.username);
    expect(await names(`?q=${tag}&role=editor`)).toEqual([carol.username]);
    expect(await names(`?q=${tag}&status=banned`)).toEqual([dave.username]);
    expect(await names(`?q=${tag}&status=active`)).toEqual([carol.username, bob.username, alice.user.username]);
    expect(await names(`?q=${bob.id}`)).toEqual([bob.username]);
    // LIKE's wildcards are only characters.
    expect(await names(`?q=${encodeURIComponent('%')}`)).toEqual([]);

    const [row] = (await list(`?q=alice_${tag}`)).items as unknown as Record<string, unknown>[];
    expect(row).toMatchObject({
      id: alice.user.id,
      email: alice.user.email,
      role: 'reader',
      coins: 0,
      isBanned: false,
      isPremium: false,
      membership: null,
    });
    // Alice signed in, so her session says when she was last seen; Bob never did.
    expect(typeof row!.lastSeenAt).toBe('string');
    expect((await list(`?q=bob_${tag}`)).items[0]).toMatchObject({ lastSeenAt: null });
  });

  it('finds premium readers by their running plan', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const buyer = await signedInUser(t);
    const plans = (await callEndpoint(t, 'plans')).body.data.items as { id: string; name: string }[];
    const started = await callEndpoint(t, 'checkout', { cookie: buyer.cookie, body: { kind: 'plan', planId: plans[0]!.id } });
    await callEndpoint(t, 'testCheckoutComplete', { cookie: buyer.cookie, params: { purchaseId: started.body.data.purchaseId } });
    const premium = (await callEndpoint(t, 'adminUsers', { cookie, query: `?q=${buyer.user.username}&status=premium` })).body.data
      .items;
    expect(premium).toEqual([expect.objectContaining({ id: buyer.user.id, isPremium: true, membership: plans[0]!.name })]);
    expect(
      (await callEndpoint(t, 'adminUsers', { cookie, query: `?q=${buyer.user.username}&status=banned` })).body.data.items,
    ).toEqual([]);
  });

  it(`pages ${USERS_PAGE_SIZE} at a time`, async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const tag = `p${Math.random().toString(36).slice(2, 7)}`;
    const made = [];
    for (let i = 0; i < USERS_PAGE_SIZE + 3; i += 1) made.push(await buildUser(t.db, { username: `${tag}_${i}` }));
    for (const [i, user] of made.entries()) {
      await t.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - (100 - i) * 1000) })
        .where(eq(users.id, user.id));
    }
    const first = (await callEndpoint(t, 'adminUsers', { cookie, query: `?q=${tag}` })).body.data;
    const second = (await callEndpoint(t, 'adminUsers', { cookie, query: `?q=${tag}&page=2` })).body.data;
    expect(first.pagination).toEqual({
      page: 1,
      perPage: USERS_PAGE_SIZE,
      total: USERS_PAGE_SIZE + 3,
      totalPages: 2,
      totalCapped: false,
    });
    expect(first.items).toHaveLength(USERS_PAGE_SIZE);
    expect(first.items[0].username).toBe(`${tag}_${USERS_PAGE_SIZE + 2}`);
    expect(second.items.map((user: { username: string }) => user.username)).toEqual([`${tag}_2`, `${tag}_1`, `${tag}_0`]);
    expect(second.pagination.total).toBe(USERS_PAGE_SIZE + 3);
    // Past the last page: no rows, and still the count.
    const past = (await callEndpoint(t, 'adminUsers', { cookie, query: `?q=${tag}&page=9` })).body.data;
    expect(past).toEqual({
      items: [],
      pagination: { page: 9, perPage: USERS_PAGE_SIZE, total: USERS_PAGE_SIZE + 3, totalPages: 2, totalCapped: false },
    });
  });

  it('refuses an unknown role, status or page with 400', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    for (const query of ['?role=owner', '?status=sleeping', '?page=0', '?page=two']) {
      const answer = await callEndpoint(t, 'adminUsers', { cookie, query });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    }
  });
});

describe("a user's detail", () => {
  it('shows their purchases, ledger, comments and two-factor state', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const reader = await signedInUser(t);
    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as {
      id: string;
      coins: number;
      bonusCoins: number;
    }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: reader.cookie,
      body: { kind: 'coins', packageId: packages[0]!.id },
    });
    await callEndpoint(t, 'testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId },
    });
    const series = await buildSeries(t);
    await callEndpoint(t, 'commentCreate', { cookie: reader.cookie, body: { seriesId: series.id, body: 'What a cliffhanger' } });

    const detail = (await callEndpoint(t, 'adminUser', { cookie, params: { id: reader.user.id } })).body.data;
    expect(detail).toMatchObject({
      id: reader.user.id,
      username: reader.user.username,
      coins: packages[0]!.coins + packages[0]!.bonusCoins,
      twoFactorEnabled: false,
      sessionCount: 1,
      purchases: { total: 1, items: [expect.objectContaining({ id: started.body.data.purchaseId, status: 'paid' })] },
      ledger: {
        total: 1,
        items: [expect.objectContaining({ kind: 'purchase', delta: packages[0]!.coins + packages[0]!.bonusCoins })],
      },
      comments: {
        total: 1,
        items: [expect.objectContaining({ body: 'What a cliffhanger', series: expect.objectContaining({ id: series.id }) })],
      },
    });

    await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, reader.user.id));
    expect((await callEndpoint(t, 'adminUser', { cookie, params: { id: reader.user.id } })).body.data.twoFactorEnabled).toBe(
      true,
    );
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    expect((await callEndpoint(t, 'adminUser', { cookie, params: { id: UNKNOWN_ID } })).status).toBe(404);
    expect((await callEndpoint(t, 'adminUser', { cookie, params: { id: 'nope' } })).status).toBe(400);
  });
});

describe('roles', () => {
  it('makes a reader an editor and back, effective on their next request', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const reader = await signedInUser(t);
    // Their session is read (and kept a few seconds) before the change.
    expect((await callEndpoint(t, 'teamComments', { cookie: reader.cookie })).status).toBe(403);

    const promoted = await callEndpoint(t, 'adminUserUpdate', {
      cookie,
      params: { id: reader.user.id },
      body: { role: 'editor' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data).toMatchObject({ id: reader.user.id, role: 'editor', isBanned: false });
    expect(promoted.body.message).toBe(`${reader.user.username} is now an editor`);
    expect((await callEndpoint(t, 'teamComments', { cookie: reader.cookie })).status).toBe(200);

    await callEndpoint(t, 'adminUserUpdate', { cookie, params: { id: reader.user.id }, body: { role: 'reader' } });
    expect((await callEndpoint(t, 'teamComments', { cookie: reader.cookie })).status).toBe(403);
  });

  it('refuses an unknown role, an empty change and unknown fields with 400, changing nothing', async () => {
    const { cookie } = await signedInUser(t, { role: 'admin' });
    const reader = await buildUser(t.db);
    for (const body of [{ role: 'owner' }, {}, { banned: 'yes' }, { role: 'editor', coins: 5 }]) {
      const answer = await callEndpoint(t, 'adminUserUpdate', { cookie, params: { id: reader.id }, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect(await roleOf(reader.id)).toBe('reader');
    expect(
      (await callEndpoint(t, 'adminUserUpdate', { cookie, params: { id: UNKNOWN_ID }, body: { role: 'editor' } })).status,
    ).toBe(404);
  });
});

describe('bans', () => {
  it('ends every session at once, says suspended at login, and unbanning lets them back in', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const reader = await signedInUser(t);
    const otherDevice = await loginAs(t.app, reader.user);
    expect((await callEndpoint(t, 'wallet', { cookie: reader.cookie })).status).toBe(200);

    const banned = await callEndpoint(t, 'adminUserUpdate', {
      cookie: admin.cookie,
      params: { id: reader.user.id },
      body: { banned: true },
    });
    expect(banned.status).toBe(200);
    expect(banned.body.data).toMatchObject({ isBanned: true, sessionCount: 0, lastSeenAt: null });
    expect((await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, reader.user.id)))[0]!.n).toBe(0);
    // The very next request of either session is a visitor's.
    expect((await callEndpoint(t, 'wallet', { cookie: reader.cookie })).status).toBe(401);
    expect((await callEndpoint(t, 'wallet', { cookie: otherDevice })).status).toBe(401);
    expect((await callEndpoint(t, 'verify', { cookie: reader.cookie })).body).toMatchObject({ authenticated: false, user: null });

    const refused = await callEndpoint(t, 'login', { body: { username: reader.user.username, password: reader.user.password } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'account_banned' } });
    expect(refused.body.message).toMatch(/suspended/i);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'adminUserUpdate'), eq(auditLog.targetId, reader.user.id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'user', targetLabel: reader.user.username });

    const unbanned = await callEndpoint(t, 'adminUserUpdate', {
      cookie: admin.cookie,
      params: { id: reader.user.id },
      body: { banned: false },
    });
    expect(unbanned.body.data.isBanned).toBe(false);
    const back = await loginAs(t.app, reader.user);
    expect((await callEndpoint(t, 'wallet', { cookie: back })).status).toBe(200);
  });

  it('does not let an admin ban themselves', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const answer = await callEndpoint(t, 'adminUserUpdate', {
      cookie: admin.cookie,
      params: { id: admin.user.id },
      body: { banned: true },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(/cannot ban yourself/);
    expect((await callEndpoint(t, 'wallet', { cookie: admin.cookie })).status).toBe(200);
  });
});

describe('the last admin', () => {
  it('cannot demote or ban themselves; with a second admin they may step down', async () => {
    const first = await signedInUser(t, { role: 'admin' });
    await onlyAdmins(first.user.id);
    const demote = await callEndpoint(t, 'adminUserUpdate', {
      cookie: first.cookie,
      params: { id: first.user.id },
      body: { role: 'editor' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.error.message).toMatch(/last admin/);
    const ban = await callEndpoint(t, 'adminUserUpdate', {
      cookie: first.cookie,
      params: { id: first.user.id },
      body: { banned: true },
    });
    expect(ban.status).toBe(409);
    expect(await roleOf(first.user.id)).toBe('admin');

    const second = await buildUser(t.db, { role: 'admin' });
    const stepDown = await callEndpoint(t, 'adminUserUpdate', {
      cookie: first.cookie,
      params: { id: first.user.id },
      body: { role: 'reader' },
    });
    expect(stepDown.status).toBe(200);
    expect(await roleOf(first.user.id)).toBe('reader');
    expect(await roleOf(second.id)).toBe('admin');
    // Their session no longer opens admin pages.
    expect((await callEndpoint(t, 'adminUsers', { cookie: first.cookie })).status).toBe(403);
  });

  it('leaves one admin when two demote each other at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await signedInUser(t, { role: 'admin' });
      const b = await signedInUser(t, { role: 'admin' });
      await onlyAdmins(a.user.id, b.user.id);
      const answers = await Promise.all([
        callEndpoint(t, 'adminUserUpdate', { cookie: a.cookie, params: { id: b.user.id }, body: { role: 'editor' } }),
        callEndpoint(t, 'adminUserUpdate', { cookie: b.cookie, params: { id: a.user.id }, body: { role: 'editor' } }),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      // The second waits for the first, then finds either that its target is the last admin or that it is no admin at all.
      expect([403, 409]).toContain(statuses[1]);
      expect((await t.db.select({ n: count() }).from(users).where(eq(users.role, 'admin')))[0]!.n).toBe(1);
    }
  });

  it('leaves one admin when two ban each other at the same moment', async () => {
    const a = await signedInUser(t, { role: 'admin' });
    const b = await signedInUser(t, { role: 'admin' });
    await onlyAdmins(a.user.id, b.user.id);
    const answers = await Promise.all([
      callEndpoint(t, 'adminUserUpdate', { cookie: a.cookie, params: { id: b.user.id }, body: { banned: true } }),
      callEndpoint(t, 'adminUserUpdate', { cookie: b.cookie, params: { id: a.user.id }, body: { banned: true } }),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const active = await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isBanned, false)));
    expect(active[0]!.n).toBe(1);
    await t.db.update(users).set({ isBanned: false }).where(ne(users.role, 'reader'));
  });
});

describe('coin adjustments', () => {
  it('writes one adjustment row with the reason and the admin, and the balance; the top bar sees it at once', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const reader = await signedInUser(t);
    // The reader's session (with its coins) is kept a few seconds before the change.
    expect((await callEndpoint(t, 'verify', { cookie: reader.cookie })).body.user.coins).toBe(0);

    const added = await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: reader.user.id },
      body: { delta: 120, reason: '  Sorry for the broken chapter  ' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      userId: reader.user.id,
      balance: 120,
      entry: { delta: 120, kind: 'adjustment', balanceAfter: 120, reason: 'Sorry for the broken chapter', chapter: null },
    });
    const rows = await t.db.select().from(coinLedger).where(eq(coinLedger.userId, reader.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'adjustment', delta: 120, balanceAfter: 120, actorId: admin.user.id });
    expect(await coinsOf(reader.user.id)).toBe(120);
    expect((await callEndpoint(t, 'verify', { cookie: reader.cookie })).body.user.coins).toBe(120);
    // The reader's wallet explains it.
    expect((await callEndpoint(t, 'wallet', { cookie: reader.cookie })).body.data.entries[0]).toMatchObject({
      kind: 'adjustment',
      reason: 'Sorry for the broken chapter',
    });

    const taken = await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: reader.user.id },
      body: { delta: -20, reason: 'Double credit' },
    });
    expect(taken.body.data.balance).toBe(100);
    expect(await ledgerRows(reader.user.id)).toBe(2);
  });

  it('never takes a balance below 0: 402 with the balance, nothing written', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const reader = await buildUser(t.db);
    await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: reader.id },
      body: { delta: 30, reason: 'Welcome gift' },
    });
    const refused = await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: reader.id },
      body: { delta: -31, reason: 'Chargeback' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('insufficient_coins');
    expect(refused.body.error.message).toContain('has 30 coins');
    expect(await coinsOf(reader.id)).toBe(30);
    expect(await ledgerRows(reader.id)).toBe(1);

    const emptied = await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: reader.id },
      body: { delta: -30, reason: 'Chargeback' },
    });
    expect(emptied.body.data.balance).toBe(0);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    const reader = await buildUser(t.db);
    const bad: [unknown, string][] = [
      [{ delta: 10 }, 'reason'],
      [{ delta: 10, reason: '   ' }, 'reason'],
      [{ delta: 10, reason: 'ok' }, 'reason'],
      [{ delta: 10, reason: 'x'.repeat(201) }, 'reason'],
      [{ delta: 0, reason: 'Nothing at all' }, 'delta'],
      [{ delta: 1.5, reason: 'Half a coin' }, 'delta'],
      [{ delta: '10', reason: 'A string' }, 'delta'],
      [{ delta: 2_000_000, reason: 'Too many zeros' }, 'delta'],
      [{ reason: 'No amount' }, 'delta'],
    ];
    for (const [body, field] of bad) {
      const answer = await callEndpoint(t, 'adminUserCoins', { cookie: admin.cookie, params: { id: reader.id }, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await coinsOf(reader.id)).toBe(0);
    expect(await ledgerRows(reader.id)).toBe(0);
    const unknown = await callEndpoint(t, 'adminUserCoins', {
      cookie: admin.cookie,
      params: { id: UNKNOWN_ID },
      body: { delta: 5, reason: 'Nobody' },
    });
    expect(unknown.status).toBe(404);
  });
});
