import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import { png } from '../../../../test/fixtures';
import { callEndpoint, createTestApp, lastMailTo, type TestContext } from '../../../../test/helpers';
import { multipart } from '../../../../test/fixtures';
import { auditLog, notifications, seriesMembers } from '../../../db/schema';
import { memberRoleOn } from './index';

// Issue 37 §3: a team per series. Admins choose it; its members work on that series alone, within
// their role; the creator lets a member publish; members are told, and their session says it.

let t: TestContext;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let editor: Awaited<ReturnType<typeof signedInUser>>;
let seriesA: { id: string; title: string };
let seriesB: { id: string; title: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t, { role: 'admin' });
  editor = await signedInUser(t, { role: 'editor' });
  seriesA = await buildSeries(t, { title: 'Series A of the team' });
  seriesB = await buildSeries(t, { title: 'Series B of the team' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A fresh reader put on series A's team by the admin, through the real call. */
async function memberOfA(role: 'creator' | 'translator' | 'uploader', canPublish = false) {
  const member = await signedInUser(t);
  const added = await callEndpoint(t, 'adminSeriesMemberPut', {
    cookie: admin.cookie,
    params: { id: seriesA.id },
    body: { username: member.user.username, role, canPublish },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return member;
}

async function uploadPage(cookie: string, chapterId: string) {
  const upload = multipart([{ name: '1.png', type: 'image/png', data: await png(60, 90) }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/omegascans/secure/team/chapters/${chapterId}/pages`,
    headers: { origin: 'http://localhost:3000', cookie, ...upload.headers },
    payload: upload.payload,
  });
}

describe('a series team (issue 37 §3)', () => {
  it('the admin adds a member: the list names them, the session carries the role, the member is told by bell and mail', async () => {
    const member = await memberOfA('translator');
    const list = await callEndpoint(t, 'adminSeriesMembers', { cookie: admin.cookie, params: { id: seriesA.id } });
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ userId: member.user.id, username: member.user.username, role: 'translator', canPublish: false }),
    );
    expect(await memberRoleOn(t.db, member.user.id, seriesA.id)).toEqual({ role: 'translator', canPublish: false });
    expect(await memberRoleOn(t.db, member.user.id, seriesB.id)).toBeNull();

    const verify = await callEndpoint(t, 'verify', { cookie: member.cookie });
    expect(verify.body.user.seriesRoles).toEqual([{ seriesId: seriesA.id, role: 'translator', canPublish: false }]);
    const profile = await callEndpoint(t, 'profile', { cookie: member.cookie });
    expect(profile.body.data.seriesRoles).toEqual([{ seriesId: seriesA.id, role: 'translator', canPublish: false }]);

    const bell = await callEndpoint(t, 'notifications', { cookie: member.cookie, query: '?limit=10&offset=0' });
    expect(JSON.stringify(bell.body)).toContain('You joined the team of Series A of the team');
    const mail = await lastMailTo(t, member.user.email);
    expect(mail?.subject).toBe('You joined the team of Series A of the team on Inkwell');
    expect(mail?.text).toContain(`added you to the team of Series A of the team as its translator`);

    // The log names who did it, on which series, and what changed.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'adminSeriesMemberPut'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorName: admin.user.username, targetType: 'series', targetId: seriesA.id });
    expect(entry!.targetLabel).toBe('Series A of the team');
    expect(entry!.changes).toEqual([{ field: `Team: ${member.user.username}`, from: null, to: 'translator' }]);
  });

  it('tells a member in their own language when they are removed, and their session forgets the series at once', async () => {
    const member = await memberOfA('uploader');
    await t.db.execute(`update users set locale = 'pt-BR' where id = '${member.user.id}'`);
    expect((await callEndpoint(t, 'verify', { cookie: member.cookie })).body.user.seriesRoles).toHaveLength(1);
    await t.app.services.jobs.drain();
    t.clock.advance(1_000);
    const removed = await callEndpoint(t, 'adminSeriesMemberDelete', {
      cookie: admin.cookie,
      params: { id: seriesA.id, userId: member.user.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.map((row: { userId: string }) => row.userId)).not.toContain(member.user.id);
    expect((await callEndpoint(t, 'verify', { cookie: member.cookie })).body.user.seriesRoles).toEqual([]);
    const mail = await lastMailTo(t, member.user.email);
    expect(mail?.subject).toBe('Você saiu da equipe de Series A of the team no Inkwell');
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(notice).toMatchObject({ message: 'seriesTeamRemoved', kind: 'series_team' });
    const again = await callEndpoint(t, 'adminSeriesMemberDelete', {
      cookie: admin.cookie,
      params: { id: seriesA.id, userId: member.user.id },
    });
    expect(again.status).toBe(404);
  });

  it('answers an unknown name with 404, and an editor with 409: their role is site-wide', async () => {
    const unknown = await callEndpoint(t, 'adminSeriesMemberPut', {
      cookie: admin.cookie,
      params: { id: seriesA.id },
      body: { username: 'nobody_by_this_name', role: 'translator' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('There is no user named nobody_by_this_name');
    const siteWide = await callEndpoint(t, 'adminSeriesMemberPut', {
      cookie: admin.cookie,
      params: { id: seriesA.id },
      body: { username: editor.user.username, role: 'creator' },
    });
    expect(siteWide.status).toBe(409);
    const noSeries = await callEndpoint(t, 'adminSeriesMembers', {
      cookie: admin.cookie,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(noSeries.status).toBe(404);
  });

  it('a translator uploads pages to a chapter of their series and is refused on another series', async () => {
    const translator = await memberOfA('translator');
    const chapterOfA = await buildChapter(t, seriesA.id, { number: 101, publishedAt: null });
    const chapterOfB = await buildChapter(t, seriesB.id, { number: 101, publishedAt: null });
    const onA = await uploadPage(translator.cookie, chapterOfA.id);
    expect(onA.statusCode, onA.body).toBe(200);
    const onB = await uploadPage(translator.cookie, chapterOfB.id);
    expect(onB.statusCode).toBe(403);
    expect(onB.json().error.code).toBe('forbidden');
    // The log says who did it as what, on which series' chapter.
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'teamChapterPagesAdd'), eq(auditLog.actorId, translator.user.id)));
    expect(entry).toMatchObject({ actorRole: 'translator', targetType: 'chapters', targetId: chapterOfA.id });
    expect(entry!.targetLabel).toContain('Series A of the team');

    // A malformed id is refused as any other series is, never a 500.
    const malformed = await callEndpoint(t, 'teamChapter', { cookie: translator.cookie, params: { id: 'not-an-id' } });
    expect(malformed.status).toBe(403);
    const malformedSeries = await callEndpoint(t, 'teamSeries', { cookie: translator.cookie, params: { id: 'nope' } });
    expect(malformedSeries.status).toBe(403);
    // The team's list holds their series only; site-wide calls stay the editors'.
    const list = await callEndpoint(t, 'teamSeriesList', { cookie: translator.cookie });
    expect(list.body.data.items.map((row: { id: string }) => row.id)).toEqual([seriesA.id]);
    expect(list.body.data.pagination.total).toBe(1);
    expect((await callEndpoint(t, 'teamGenres', { cookie: translator.cookie })).status).toBe(200);
    expect((await callEndpoint(t, 'teamGenreCreate', { cookie: translator.cookie, body: { name: 'Theirs' } })).status).toBe(403);
    expect((await callEndpoint(t, 'teamMetrics', { cookie: translator.cookie })).status).toBe(403);
    expect((await callEndpoint(t, 'teamSeriesDelete', { cookie: translator.cookie, params: { id: seriesA.id } })).status).toBe(
      403,
    );
  });

  it('a translator may not set a price or publish until the creator lets them; the creator may', async () => {
    const creator = await memberOfA('creator');
    const translator = await memberOfA('translator');
    let chapterNumber = 200;
    const create = (cookie: string, body: object) =>
      callEndpoint(t, 'teamChapterCreate', {
        cookie,
        params: { id: seriesA.id },
        body: { number: (chapterNumber += 1), ...body },
      });

    const priced = await create(translator.cookie, { price: 10 });
    expect(priced.status).toBe(403);
    expect(priced.body.error.message).toBe("Only the series' creator (or an editor) sets a chapter's price");
    const published = await create(translator.cookie, { publishedAt: t.clock.now().toISOString() });
    expect(published.status).toBe(403);
    expect(published.body.error.message).toContain('You may not publish or schedule');
    const draft = await create(translator.cookie, { title: 'A draft' });
    expect(draft.status).toBe(201);
    const id = draft.body.data.id as string;

    const update = (cookie: string, body: object) => callEndpoint(t, 'teamChapterUpdate', { cookie, params: { id }, body });
    expect((await update(translator.cookie, { title: 'Renamed', price: 0 })).status).toBe(200);
    expect((await update(translator.cookie, { price: 5 })).status).toBe(403);
    expect((await update(translator.cookie, { previewPages: 3 })).status).toBe(403);

    // The creator sees the team and lets the translator publish; not their own place.
    const team = await callEndpoint(t, 'teamSeriesMembers', { cookie: creator.cookie, params: { id: seriesA.id } });
    expect(team.status).toBe(200);
    expect((await callEndpoint(t, 'teamSeriesMembers', { cookie: translator.cookie, params: { id: seriesA.id } })).status).toBe(
      403,
    );
    const own = await callEndpoint(t, 'teamSeriesMemberUpdate', {
      cookie: creator.cookie,
      params: { id: seriesA.id, userId: creator.user.id },
      body: { canPublish: false },
    });
    expect(own.status).toBe(403);
    const allowed = await callEndpoint(t, 'teamSeriesMemberUpdate', {
      cookie: creator.cookie,
      params: { id: seriesA.id, userId: translator.user.id },
      body: { canPublish: true },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data).toContainEqual(expect.objectContaining({ userId: translator.user.id, canPublish: true }));
    const [row] = await t.db
      .select({ canPublish: seriesMembers.canPublish })
      .from(seriesMembers)
      .where(and(eq(seriesMembers.seriesId, seriesA.id), eq(seriesMembers.userId, translator.user.id)));
    expect(row?.canPublish).toBe(true);

    // At once: the translator's next call may publish (the pages first: a chapter out needs some).
    await uploadPage(translator.cookie, id);
    const out = await update(translator.cookie, { publishedAt: t.clock.now().toISOString() });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    // Still no price, and no deleting a chapter that is out; the creator may do both.
    expect((await update(translator.cookie, { price: 5 })).status).toBe(403);
    const deleted = await callEndpoint(t, 'teamChapterDelete', { cookie: translator.cookie, params: { id } });
    expect(deleted.status).toBe(403);
    expect((await update(creator.cookie, { price: 5 })).status).toBe(200);
    expect(
      (await callEndpoint(t, 'teamSeriesUpdate', { cookie: creator.cookie, params: { id: seriesA.id }, body: {} })).status,
    ).toBe(200);
    expect(
      (await callEndpoint(t, 'teamSeriesUpdate', { cookie: translator.cookie, params: { id: seriesA.id }, body: {} })).status,
    ).toBe(403);
    expect((await callEndpoint(t, 'teamChapterDelete', { cookie: creator.cookie, params: { id } })).status).toBe(200);
  });

  it("the series' members go with the series", async () => {
    const series = await buildSeries(t, { title: 'A series that goes' });
    const member = await signedInUser(t);
    await t.db.insert(seriesMembers).values({ seriesId: series.id, userId: member.user.id, role: 'translator' });
    expect((await callEndpoint(t, 'teamSeriesDelete', { cookie: editor.cookie, params: { id: series.id } })).status).toBe(200);
    expect(await memberRoleOn(t.db, member.user.id, series.id)).toBeNull();
  });

  it('a deleted account leaves every team', async () => {
    const member = await memberOfA('uploader');
    const deleted = await callEndpoint(t, 'accountDelete', { cookie: member.cookie, body: { password: member.user.password } });
    expect(deleted.status).toBe(200);
    expect(await memberRoleOn(t.db, member.user.id, seriesA.id)).toBeNull();
  });
});
