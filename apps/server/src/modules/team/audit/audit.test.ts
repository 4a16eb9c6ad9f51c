import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';
import { users } from '../../../db/schema';
import { seedDemoStore } from '../../../demo/seed-store';
import { redact } from './audit';

let t: TestContext;
let editor: string;
let admin: string;
let reader: string;
let editorName: string;

type Entry = {
  actor: { username: string; role: string };
  action: string;
  method: string;
  target: { type: string | null; id: string | null; label: string | null };
  details: unknown;
  changes: { field: string; from: string | null; to: string | null }[];
  ip: string | null;
  userAgent: string | null;
};

async function log(query = ''): Promise<Entry[]> {
  const response = await callEndpoint(t, 'adminAuditLog', { cookie: admin, query });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.items as Entry[];
}

/** Runs `act` while the log refuses every entry about `targetId`, as a failing write would. */
async function refusingAuditOf(targetId: string, act: () => Promise<void>) {
  await t.executeSql(
    `create function refuse_audit() returns trigger language plpgsql as $$
     begin if new.target_id = '${targetId}' then raise exception 'audit refused'; end if; return new; end $$`,
  );
  await t.executeSql('create trigger refuse_audit before insert on audit_log for each row execute function refuse_audit()');
  try {
    await act();
  } finally {
    await t.executeSql('drop trigger refuse_audit on audit_log');
    await t.executeSql('drop function refuse_audit()');
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const e = await signedInUser(t, { role: 'editor' });
  editor = e.cookie;
  editorName = e.user.username;
  admin = (await signedInUser(t, { role: 'admin' })).cookie;
  reader = (await signedInUser(t, { role: 'reader' })).cookie;
});
afterAll(async () => {
  await t.close();
});

describe('the audit log', () => {
  it('records a team member creating and renaming something: who, what, on what, from where', async () => {
    const created = await callEndpoint(t, 'teamGenreCreate', {
      cookie: editor,
      body: { name: 'Audited Mystery' },
      remoteAddress: '203.0.113.7',
      headers: { 'user-agent': 'Audit test browser' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const renamed = await callEndpoint(t, 'teamGenreUpdate', {
      cookie: editor,
      params: { id },
      body: { name: 'Audited Thriller' },
    });
    expect(renamed.status).toBe(200);

    const entries = await log(`?targetId=${id}`);
    expect(entries.map((entry) => entry.action)).toEqual(['teamGenreUpdate', 'teamGenreCreate']);
    const [update, create] = entries as [Entry, Entry];
    expect(create).toMatchObject({
      actor: { username: editorName, role: 'editor' },
      method: 'POST',
      target: { type: 'genres', id, label: 'Audited Mystery' },
      details: { name: 'Audited Mystery' },
      ip: '203.0.113.7',
      userAgent: 'Audit test browser',
    });
    expect(update).toMatchObject({
      method: 'PATCH',
      target: { type: 'genres', id, label: 'Audited Thriller' },
      details: { name: 'Audited Thriller' },
    });
  });

  it('names what changed, from its old value to its new one: a role, a ban, a series, a chapter', async () => {
    const { user } = await signedInUser(t, { role: 'reader' });
    expect(
      (await callEndpoint(t, 'adminUserUpdate', { cookie: admin, params: { id: user.id }, body: { role: 'editor' } })).status,
    ).toBe(200);
    expect(
      (await callEndpoint(t, 'adminUserUpdate', { cookie: admin, params: { id: user.id }, body: { banned: true } })).status,
    ).toBe(200);
    const [ban, promotion] = await log(`?targetId=${user.id}`);
    expect(promotion!.changes).toEqual([{ field: 'Role', from: 'reader', to: 'editor' }]);
    expect(ban!.changes).toEqual([{ field: 'Banned', from: 'no', to: 'yes' }]);

    const series = await buildSeries(t, { title: 'Audited Lanterns' });
    const saved = await callEndpoint(t, 'teamSeriesUpdate', {
      cookie: editor,
      params: { id: series.id },
      body: { title: 'Audited Lamps', status: 'completed', description: 'A longer blurb.' },
    });
    expect(saved.status).toBe(200);
    const [seriesEntry] = await log(`?targetId=${series.id}`);
    expect(seriesEntry!.changes).toEqual([
      { field: 'Title', from: 'Audited Lanterns', to: 'Audited Lamps' },
      { field: 'Status', from: 'ongoing', to: 'completed' },
      { field: 'Description', from: null, to: '15 characters' },
    ]);

    const chapter = await buildChapter(t, series.id, { number: 3 });
    await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: chapter.id }, body: { number: 4, price: 30 } });
    const [chapterEntry] = await log(`?targetId=${chapter.id}`);
    expect(chapterEntry!.changes).toEqual([
      { field: 'Number', from: '3', to: '4' },
      { field: 'Address', from: 'chapter-3', to: 'chapter-4' },
      { field: 'Price', from: '0', to: '30' },
    ]);
  });

  it('writes an edit’s entry in the edit’s own transaction: when the entry cannot be written, nothing changes (issue 34 §3)', async () => {
    const series = await buildSeries(t, { title: 'Audited Beacons' });
    await refusingAuditOf(series.id, async () => {
      const refused = await callEndpoint(t, 'teamSeriesUpdate', {
        cookie: editor,
        params: { id: series.id },
        body: { title: 'Audited Flares' },
      });
      expect(refused.status).toBe(500);
    });
    expect((await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.title).toBe(
      'Audited Beacons',
    );
    expect(await log(`?targetId=${series.id}`)).toEqual([]);

    // Once the log takes entries again, the same edit is made and recorded once.
    expect(
      (
        await callEndpoint(t, 'teamSeriesUpdate', {
          cookie: editor,
          params: { id: series.id },
          body: { title: 'Audited Flares' },
        })
      ).status,
    ).toBe(200);
    const entries = await log(`?targetId=${series.id}`);
    expect(entries.map((entry) => entry.changes)).toEqual([[{ field: 'Title', from: 'Audited Beacons', to: 'Audited Flares' }]]);
    expect(entries[0]).toMatchObject({
      action: 'teamSeriesUpdate',
      method: 'PATCH',
      target: { type: 'series', label: 'Audited Flares' },
    });

    const chapter = await buildChapter(t, series.id, { number: 2 });
    await refusingAuditOf(chapter.id, async () => {
      const refused = await callEndpoint(t, 'teamChapterUpdate', {
        cookie: editor,
        params: { id: chapter.id },
        body: { price: 25 },
      });
      expect(refused.status).toBe(500);
    });
    expect((await callEndpoint(t, 'teamChapter', { cookie: editor, params: { id: chapter.id } })).body.data.price).toBe(0);
    expect(await log(`?targetId=${chapter.id}`)).toEqual([]);

    const { user } = await signedInUser(t, { role: 'reader' });
    await refusingAuditOf(user.id, async () => {
      expect(
        (await callEndpoint(t, 'adminUserUpdate', { cookie: admin, params: { id: user.id }, body: { role: 'editor' } })).status,
      ).toBe(500);
      const coins = await callEndpoint(t, 'adminUserCoins', {
        cookie: admin,
        params: { id: user.id },
        body: { delta: 50, reason: 'Refund' },
      });
      expect(coins.status).toBe(500);
    });
    const account = (await callEndpoint(t, 'adminUser', { cookie: admin, params: { id: user.id } })).body.data;
    expect({ role: account.role, coins: account.coins, ledger: account.ledger.total }).toEqual({
      role: 'reader',
      coins: 0,
      ledger: 0,
    });
    expect(await log(`?targetId=${user.id}`)).toEqual([]);

    await refusingAuditOf(series.id, async () => {
      const body = [{ userId: user.id, role: 'author', shareBps: 10_000 }];
      expect((await callEndpoint(t, 'adminSeriesPayeesUpdate', { cookie: admin, params: { id: series.id }, body })).status).toBe(
        500,
      );
    });
    expect((await callEndpoint(t, 'adminSeriesPayees', { cookie: admin, params: { id: series.id } })).body.data.items).toEqual(
      [],
    );
    expect((await log(`?targetId=${series.id}`)).map((entry) => entry.action)).toEqual(['teamSeriesUpdate']);

    const owner = await signedInUser(t, { role: 'admin' });
    await t.db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, owner.user.id));
    const entriesOfSite = async () => (await log('?targetId=site')).length;
    const siteEntries = await entriesOfSite();
    await refusingAuditOf('site', async () => {
      const body = { site: { siteName: 'Audited Inkwell' } };
      expect((await callEndpoint(t, 'adminSiteConfigUpdate', { cookie: owner.cookie, body })).status).toBe(500);
    });
    expect((await callEndpoint(t, 'adminSiteConfig', { cookie: owner.cookie })).body.data.site.siteName).toBe('Inkwell');
    expect(await entriesOfSite()).toBe(siteEntries);
  });

  it('blames each of several edits at once for its own change: one chain of titles from the first to the last', async () => {
    const series = await buildSeries(t, { title: 'Audited Chain 0' });
    const titles = ['Audited Chain 1', 'Audited Chain 2', 'Audited Chain 3', 'Audited Chain 4'];
    const saved = await Promise.all(
      titles.map((title) => callEndpoint(t, 'teamSeriesUpdate', { cookie: editor, params: { id: series.id }, body: { title } })),
    );
    expect(saved.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const final = (await callEndpoint(t, 'teamSeries', { cookie: editor, params: { id: series.id } })).body.data.title as string;

    // Each entry's "before" is what the edit before it left, whatever order they ran in.
    const steps = new Map((await log(`?targetId=${series.id}`)).map((entry) => [entry.changes[0]!.from, entry.changes[0]!.to]));
    expect(steps.size).toBe(titles.length);
    const chain = ['Audited Chain 0'];
    while (steps.has(chain.at(-1)!)) chain.push(steps.get(chain.at(-1)!)!);
    expect(chain).toHaveLength(titles.length + 1);
    expect(chain.at(-1)).toBe(final);
  });

  it('records a refund once, in the refund’s own transaction (issue 34 §3)', async () => {
    await seedDemoStore(t.db);
    const buyer = await signedInUser(t, { role: 'reader' });
    const [coinPackage] = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: buyer.cookie,
      body: { kind: 'coins', packageId: coinPackage!.id },
    });
    const purchaseId = started.body.data.purchaseId as string;
    expect((await callEndpoint(t, 'testCheckoutComplete', { cookie: buyer.cookie, params: { purchaseId } })).status).toBe(200);

    await refusingAuditOf(purchaseId, async () => {
      expect((await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } })).status).toBe(500);
    });
    expect((await callEndpoint(t, 'adminPurchase', { cookie: admin, params: { id: purchaseId } })).body.data.status).toBe('paid');
    expect(await log(`?targetId=${purchaseId}`)).toEqual([]);

    // Three clicks on Refund are one refund, and one entry.
    for (let click = 0; click < 3; click += 1) {
      expect((await callEndpoint(t, 'adminPurchaseRefund', { cookie: admin, params: { id: purchaseId } })).status).toBe(200);
    }
    expect((await log(`?targetId=${purchaseId}`)).map((entry) => [entry.action, entry.target.type])).toEqual([
      ['adminPurchaseRefund', 'purchases'],
    ]);
  });

  it('names a chapter by its series and number, a series by its title, and a deleted chapter as it was called (issue 33 §14)', async () => {
    const series = await buildSeries(t, { title: 'Audited Harbour' });
    const chapter = await buildChapter(t, series.id, { number: 7, title: '', pages: 1 });
    await callEndpoint(t, 'teamChapterUpdate', { cookie: editor, params: { id: chapter.id }, body: { price: 15 } });
    expect((await log(`?targetId=${chapter.id}`))[0]!.target).toEqual({
      type: 'chapters',
      id: chapter.id,
      label: 'Audited Harbour · Chapter 7',
    });

    // A chapter made under its series is named itself, not by the series it was made in.
    const made = await callEndpoint(t, 'teamChapterCreate', {
      cookie: editor,
      params: { id: series.id },
      body: { number: 8, title: 'Low Tide', publishedAt: null, price: 0, freeAt: null },
    });
    expect(made.status).toBe(201);
    const madeId = made.body.data.id as string;
    expect((await log(`?targetId=${madeId}`)).map((entry) => [entry.action, entry.target])).toEqual([
      ['teamChapterCreate', { type: 'chapters', id: madeId, label: 'Audited Harbour · Chapter 8: Low Tide' }],
    ]);

    const { user } = await signedInUser(t, { role: 'reader' });
    const payees = await callEndpoint(t, 'adminSeriesPayeesUpdate', {
      cookie: admin,
      params: { id: series.id },
      body: [{ userId: user.id, role: 'author', shareBps: 10_000 }],
    });
    expect(payees.status).toBe(200);
    const [shared] = await log(`?targetId=${series.id}`);
    expect(shared!.target.label).toBe('Audited Harbour');
    // Who shares and how much, in %, before and after: never the body's ids and basis points.
    expect(shared!.changes).toEqual([{ field: 'Payees', from: null, to: `${user.username} 100 %` }]);
    expect(JSON.stringify(shared!.details ?? null)).not.toContain('shareBps');

    expect((await callEndpoint(t, 'teamChapterDelete', { cookie: editor, params: { id: chapter.id } })).status).toBe(200);
    const [deleted] = await log(`?targetId=${chapter.id}`);
    expect(deleted).toMatchObject({ action: 'teamChapterDelete', target: { label: 'Audited Harbour · Chapter 7' } });
  });

  it('keeps no record of reads, refused or failed calls, or readers’ own actions', async () => {
    const before = (await log()).length;
    expect((await callEndpoint(t, 'teamGenres', { cookie: editor })).status).toBe(200);
    expect((await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: '' } })).status).toBe(400);
    expect((await callEndpoint(t, 'teamGenreCreate', { cookie: reader, body: { name: 'Sneaky' } })).status).toBe(403);
    expect((await callEndpoint(t, 'teamGenreCreate', { body: { name: 'Sneaky' } })).status).toBe(401);
    expect((await callEndpoint(t, 'notificationsReadAll', { cookie: reader })).status).toBe(200);
    expect((await log()).length).toBe(before);
  });

  it('finds entries by actor name, target label or action, newest first', async () => {
    await callEndpoint(t, 'teamGenreCreate', { cookie: editor, body: { name: 'Findable Romance' } });
    expect((await log('?q=findable romance')).map((entry) => entry.target.label)).toEqual(['Findable Romance']);
    const byActor = await log(`?q=${editorName}`);
    expect(byActor.length).toBeGreaterThanOrEqual(3);
    expect(byActor.every((entry) => entry.actor.username === editorName)).toBe(true);
    expect((await callEndpoint(t, 'adminAuditLog', { cookie: admin, query: '?page=0' })).status).toBe(400);
  });

  it('never keeps secrets, long text or deep values as they were sent', () => {
    expect(redact({ password: 'x', nested: { recoveryCode: 'y', name: 'kept' }, long: 'a'.repeat(600) })).toEqual({
      password: '[redacted]',
      nested: { recoveryCode: '[redacted]', name: 'kept' },
      long: `${'a'.repeat(500)}… (600 characters)`,
    });
  });

  it('is for admins only', async () => {
    expect((await callEndpoint(t, 'adminAuditLog')).status).toBe(401);
    expect((await callEndpoint(t, 'adminAuditLog', { cookie: reader })).status).toBe(403);
    expect((await callEndpoint(t, 'adminAuditLog', { cookie: editor })).status).toBe(403);
  });
});
