import { fillPath, ROUTES, type EndpointName } from '@inkwell/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../test/factories';
import { multipart, png } from '../test/fixtures';
import { callEndpoint, createTestApp, loginAs, TEST_ORIGIN, type TestContext } from '../test/helpers';
import { seedDemoStore } from './demo/seed-store';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from './lib/domain-events';

// Decision 0033: every write command tells the other instances what it changed. Each command is
// driven through its real route, and what this instance heard published is compared.

let t: TestContext;
const heard: DomainEvent[] = [];
let editor: string;
let admin: string;
let reader: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  t.app.services.events.subscribe(DOMAIN_EVENT_TYPES, (event) => heard.push(event));
  await seedDemoStore(t.db);
  editor = await loginAs(t.app, await buildUser(t.db, { role: 'editor' }));
  admin = await loginAs(t.app, await buildUser(t.db, { role: 'admin' }));
  const user = await buildUser(t.db);
  reader = { id: user.id, cookie: await loginAs(t.app, user) };
});
afterAll(async () => {
  await t?.close();
});

/** The events published while the call ran; the call must have succeeded. */
async function publishedBy(
  name: EndpointName,
  options: { cookie: string; params?: Record<string, string>; body?: unknown },
): Promise<{ events: DomainEvent[]; data: Record<string, unknown> }> {
  heard.length = 0;
  const answer = await callEndpoint(t, name, options);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return { events: [...heard], data: answer.body.data };
}

async function uploadPage(chapterId: string): Promise<DomainEvent[]> {
  heard.length = 0;
  const body = multipart([{ name: '1.png', type: 'image/png', data: await png(60, 90) }]);
  const answer = await t.app.inject({
    method: 'POST',
    url: fillPath(ROUTES.teamChapterPagesAdd.path, { id: chapterId }),
    headers: { origin: TEST_ORIGIN, cookie: editor, ...body.headers },
    payload: body.payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return [...heard];
}

const minutesFromNow = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000).toISOString();

describe('the team’s writes publish what they changed', () => {
  it('series: create and update', async () => {
    const created = await publishedBy('teamSeriesCreate', { cookie: editor, body: { type: 'comic', title: 'Heard' } });
    const seriesId = created.data.id as string;
    expect(created.events).toEqual([{ type: 'series.changed', seriesId }]);
    const updated = await publishedBy('teamSeriesUpdate', {
      cookie: editor,
      params: { id: seriesId },
      body: { title: 'Heard again' },
    });
    expect(updated.events).toEqual([{ type: 'series.changed', seriesId }]);
  });

  it('chapters: create, upload, publish, schedule, the release job, update', async () => {
    const seriesId = (
      await publishedBy('teamSeriesCreate', {
        cookie: editor,
        body: { type: 'comic', title: 'Chapters heard', isPublished: true },
      })
    ).data.id as string;
    const draft = await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 1 } });
    const chapterId = draft.data.id as string;
    expect(draft.events).toEqual([{ type: 'chapter.changed', seriesId, chapterId }]);
    expect(await uploadPage(chapterId)).toEqual([{ type: 'chapter.changed', seriesId, chapterId }]);

    const published = await publishedBy('teamChapterUpdate', {
      cookie: editor,
      params: { id: chapterId },
      body: { publishedAt: minutesFromNow(-1) },
    });
    expect(published.events).toEqual([
      { type: 'chapter.released', seriesId, chapterIds: [chapterId] },
      { type: 'chapter.changed', seriesId, chapterId },
    ]);

    const later = (await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 2 } })).data
      .id as string;
    await uploadPage(later);
    const scheduled = await publishedBy('teamChapterUpdate', {
      cookie: editor,
      params: { id: later },
      body: { publishedAt: minutesFromNow(30) },
    });
    expect(scheduled.events).toEqual([{ type: 'chapter.changed', seriesId, chapterId: later }]);
    // The release job (chapters.publish-due) once its time has come.
    t.clock.advance(31 * 60_000);
    heard.length = 0;
    await t.app.services.publishing.publishDue();
    expect(heard).toEqual([{ type: 'chapter.released', seriesId, chapterIds: [later] }]);

    const renamed = await publishedBy('teamChapterUpdate', { cookie: editor, params: { id: later }, body: { title: 'Renamed' } });
    expect(renamed.events).toEqual([{ type: 'chapter.changed', seriesId, chapterId: later }]);
  });

  it('credits and volumes: a series’ and a chapter’s credits, and a range renumbered (issue 37 §2)', async () => {
    const seriesId = (await publishedBy('teamSeriesCreate', { cookie: editor, body: { type: 'novel', title: 'Credits heard' } }))
      .data.id as string;
    const credited = await publishedBy('teamSeriesUpdate', {
      cookie: editor,
      params: { id: seriesId },
      body: { credits: [{ role: 'writer', name: 'Ada' }] },
    });
    expect(credited.events).toEqual([{ type: 'series.changed', seriesId }]);
    const first = (await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 1 } })).data
      .id as string;
    const second = (await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 2 } }))
      .data.id as string;
    const own = await publishedBy('teamChapterUpdate', {
      cookie: editor,
      params: { id: first },
      body: { credits: [{ role: 'translator', name: 'Tess' }] },
    });
    expect(own.events).toEqual([{ type: 'chapter.changed', seriesId, chapterId: first }]);
    const renumbered = await publishedBy('teamChaptersRenumber', {
      cookie: editor,
      params: { id: seriesId },
      body: { from: 1, to: 2, volume: 1, shiftBy: 1 },
    });
    expect(renumbered.events).toEqual([
      { type: 'chapter.changed', seriesId, chapterId: second },
      { type: 'chapter.changed', seriesId, chapterId: first },
    ]);
  });

  it('editions: a series’ edition and a chapter’s translation (issue 35 §2)', async () => {
    const seriesId = (
      await publishedBy('teamSeriesCreate', {
        cookie: editor,
        body: { type: 'novel', title: 'Editions heard', isPublished: true },
      })
    ).data.id as string;
    const chapterId = (await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 1 } }))
      .data.id as string;
    const added = await publishedBy('teamSeriesEditionCreate', {
      cookie: editor,
      params: { id: seriesId },
      body: { language: 'es', title: 'Ediciones oídas' },
    });
    expect(added.events).toEqual([{ type: 'series.changed', seriesId }]);
    const translated = await publishedBy('teamChapterEditionPut', {
      cookie: editor,
      params: { id: chapterId, language: 'es' },
      body: { title: 'Uno', content: '<p>Hola.</p>' },
    });
    expect(translated.events).toEqual([{ type: 'chapter.changed', seriesId, chapterId }]);
    const removed = await publishedBy('teamSeriesEditionDelete', { cookie: editor, params: { id: seriesId, language: 'es' } });
    expect(removed.events).toEqual([{ type: 'series.changed', seriesId }]);
  });

  it('genres, banners and announcements', async () => {
    expect((await publishedBy('teamGenreCreate', { cookie: editor, body: { name: 'Heard genre' } })).events).toEqual([
      { type: 'genres.changed' },
    ]);
    expect((await publishedBy('teamBannerCreate', { cookie: editor, body: { title: 'Heard banner' } })).events).toEqual([
      { type: 'banners.changed' },
    ]);
    const announced = await publishedBy('teamAnnouncementCreate', {
      cookie: editor,
      body: { title: 'Heard news', body: '<p>News</p>', publishedAt: minutesFromNow(-1) },
    });
    expect(announced.events).toEqual([{ type: 'announcement.changed' }]);
    const edited = await publishedBy('teamAnnouncementUpdate', {
      cookie: editor,
      params: { id: announced.data.id as string },
      body: { title: 'Heard news, again' },
    });
    expect(edited.events).toEqual([{ type: 'announcement.changed' }]);
  });
});

describe('the admins’ and readers’ writes publish the user they changed', () => {
  it("a place on a series' team given, changed and taken (issue 37 §3)", async () => {
    const member = await buildUser(t.db);
    const series = await publishedBy('teamSeriesCreate', { cookie: editor, body: { type: 'comic', title: 'Heard team' } });
    const seriesId = series.data.id as string;
    const changed = [{ type: 'series-team.changed', seriesId, userId: member.id }];
    const put = (body: object) =>
      publishedBy('adminSeriesMemberPut', {
        cookie: admin,
        params: { id: seriesId },
        body: { username: member.username, ...body },
      });
    expect((await put({ role: 'translator' })).events).toEqual(changed);
    const params = { id: seriesId, userId: member.id };
    expect((await publishedBy('teamSeriesMemberUpdate', { cookie: editor, params, body: { canPublish: true } })).events).toEqual(
      changed,
    );
    expect((await publishedBy('adminSeriesMemberDelete', { cookie: admin, params })).events).toEqual(changed);
  });

  it('a ban, a role, coins granted', async () => {
    const someone = await buildUser(t.db);
    const params = { id: someone.id };
    expect((await publishedBy('adminUserUpdate', { cookie: admin, params, body: { banned: true } })).events).toEqual([
      { type: 'user.banned', userId: someone.id },
    ]);
    expect((await publishedBy('adminUserUpdate', { cookie: admin, params, body: { role: 'editor' } })).events).toEqual([
      { type: 'user.role-changed', userId: someone.id },
    ]);
    expect(
      (await publishedBy('adminUserCoins', { cookie: admin, params, body: { delta: 50, reason: 'A test grant' } })).events,
    ).toEqual([{ type: 'user.changed', userId: someone.id }]);
  });

  it('a purchase and an unlock', async () => {
    const packages = (await callEndpoint(t, 'coinPackages')).body.data.items as { id: string }[];
    const started = await callEndpoint(t, 'checkout', {
      cookie: reader.cookie,
      body: { kind: 'coins', packageId: packages[0]!.id },
    });
    expect(started.status).toBe(201);
    const bought = await publishedBy('testCheckoutComplete', {
      cookie: reader.cookie,
      params: { purchaseId: started.body.data.purchaseId as string },
    });
    expect(bought.events).toContainEqual({ type: 'user.changed', userId: reader.id });

    const seriesId = (
      await publishedBy('teamSeriesCreate', { cookie: editor, body: { type: 'comic', title: 'For sale', isPublished: true } })
    ).data.id as string;
    const chapterId = (
      await publishedBy('teamChapterCreate', { cookie: editor, params: { id: seriesId }, body: { number: 1, price: 10 } })
    ).data.id as string;
    await uploadPage(chapterId);
    await publishedBy('teamChapterUpdate', {
      cookie: editor,
      params: { id: chapterId },
      body: { publishedAt: minutesFromNow(-1) },
    });
    const unlocked = await publishedBy('unlockChapter', { cookie: reader.cookie, params: { chapterId }, body: {} });
    expect(unlocked.events).toEqual([{ type: 'user.changed', userId: reader.id }]);
  });

  it("a follow, an unfollow, a place saved or merged (issue 40): the reader's kept library is dropped everywhere", async () => {
    const seriesId = (
      await publishedBy('teamSeriesCreate', { cookie: editor, body: { type: 'novel', title: 'Followed', isPublished: true } })
    ).data.id as string;
    const chapterId = (
      await publishedBy('teamChapterCreate', {
        cookie: editor,
        params: { id: seriesId },
        body: { number: 1, content: '<p>A line.</p>', publishedAt: minutesFromNow(-1) },
      })
    ).data.id as string;
    const changed = [{ type: 'library.changed', userId: reader.id }];
    const params = { seriesId };
    expect((await publishedBy('bookmarkAdd', { cookie: reader.cookie, params })).events).toEqual(changed);
    expect((await publishedBy('bookmarkRemove', { cookie: reader.cookie, params })).events).toEqual(changed);
    expect(
      (await publishedBy('progressSave', { cookie: reader.cookie, params: { chapterId }, body: { page: 1 } })).events,
    ).toEqual(changed);
    const entries = [{ chapterId, completed: true, readAt: t.clock.now().toISOString() }];
    expect((await publishedBy('progressMerge', { cookie: reader.cookie, body: { entries } })).events).toEqual(changed);
  });

  it('an account deleted, by its owner or by an admin (issue 36 §3): every instance forgets it', async () => {
    const owner = await buildUser(t.db);
    const cookie = await loginAs(t.app, owner);
    expect((await publishedBy('accountDelete', { cookie, body: { password: owner.password } })).events).toEqual([
      { type: 'user.deleted', userId: owner.id },
    ]);
    const someone = await buildUser(t.db);
    expect((await publishedBy('adminUserDelete', { cookie: admin, params: { id: someone.id } })).events).toEqual([
      { type: 'user.deleted', userId: someone.id },
    ]);
  });

  it('a new name or bio, a new avatar, none (issue 36 §1): the session and every list read them fresh', async () => {
    const renamed = await publishedBy('profileUpdate', {
      cookie: reader.cookie,
      body: { username: `heard_${Date.now() % 1e9}`, bio: 'Hi' },
    });
    expect(renamed.events).toEqual([{ type: 'user.changed', userId: reader.id }]);
    heard.length = 0;
    const body = multipart([{ field: 'avatar', name: 'me.png', type: 'image/png', data: await png(100, 100) }]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: ROUTES.avatarPut.path,
      headers: { origin: TEST_ORIGIN, cookie: reader.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(heard).toEqual([{ type: 'user.changed', userId: reader.id }]);
    expect((await publishedBy('avatarDelete', { cookie: reader.cookie })).events).toEqual([
      { type: 'user.changed', userId: reader.id },
    ]);
  });
});
