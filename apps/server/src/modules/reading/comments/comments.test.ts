import {
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MAX_CHARS,
  COMMENT_RATE_LIMIT,
  COMMENT_RATE_WINDOW_MS,
  COMMENTS_PAGE_SIZE,
} from '@inkwell/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries, signedInUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../../../test/helpers';
import { comments, users } from '../../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DAY = 86_400_000;

async function chapterOf(overrides: Parameters<typeof buildChapter>[2] = {}) {
  const series = await buildSeries(t);
  const chapter = await buildChapter(t, series.id, { number: 1, ...overrides });
  return { series, chapter };
}

const post = (cookie: string, body: Record<string, unknown>) => callEndpoint(t, 'commentCreate', { cookie, body });
const chapterList = (chapterId: string, query = '', cookie?: string) =>
  callEndpoint(t, 'chapterComments', { params: { chapterId }, query, ...(cookie ? { cookie } : {}) });

describe('posting and listing comments', () => {
  it('lists a chapter’s top-level comments newest or oldest first, paginated', async () => {
    const { chapter } = await chapterOf();
    // Several writers: each stays under the rate limit.
    const writers = await Promise.all(Array.from({ length: 6 }, () => signedInUser(t)));
    for (let i = 0; i < COMMENTS_PAGE_SIZE + 2; i += 1) {
      const created = await post(writers[i % writers.length]!.cookie, { chapterId: chapter.id, body: `comment ${i}` });
      expect(created.status).toBe(201);
      t.clock.advance(1000);
    }
    const newest = await chapterList(chapter.id);
    expect(newest.status).toBe(200);
    expect(newest.body.data.items).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(newest.body.data.items[0].body).toBe(`comment ${COMMENTS_PAGE_SIZE + 1}`);
    expect(newest.body.data.pagination).toMatchObject({ page: 1, total: COMMENTS_PAGE_SIZE + 2, totalPages: 2 });
    const second = await chapterList(chapter.id, '?page=2');
    expect(second.body.data.items.map((c: { body: string }) => c.body)).toEqual(['comment 1', 'comment 0']);
    const oldest = await chapterList(chapter.id, '?sort=oldest');
    expect(oldest.body.data.items[0].body).toBe('comment 0');
    expect((await chapterList(chapter.id, '?sort=sideways')).status).toBe(400);
    expect((await chapterList(chapter.id, '?page=0')).status).toBe(400);
  });

  it('answers 404 for a chapter readers may not see (draft, scheduled, unknown) and lists it for the team', async () => {
    const series = await buildSeries(t);
    const draft = await buildChapter(t, series.id, { number: 2, publishedAt: null });
    const later = await buildChapter(t, series.id, {
      number: 3,
      publishedAt: new Date(t.clock.now().getTime() + DAY).toISOString(),
    });
    const reader = await signedInUser(t);
    for (const id of [draft.id, later.id, UNKNOWN_ID]) {
      expect((await chapterList(id)).body.error.code).toBe('chapter_not_found');
      expect((await post(reader.cookie, { chapterId: id, body: 'hi' })).status).toBe(404);
    }
    const editor = await signedInUser(t, { role: 'editor' });
    expect((await chapterList(draft.id, '', editor.cookie)).status).toBe(200);
    expect((await callEndpoint(t, 'chapterComments', { params: { chapterId: 'not-a-uuid' } })).status).toBe(400);
  });

  it('lists a series page’s own comments, not its chapters’; an unpublished series is not found', async () => {
    const { series, chapter } = await chapterOf();
    const { cookie } = await signedInUser(t);
    await post(cookie, { seriesId: series.id, body: 'on the series' });
    await post(cookie, { chapterId: chapter.id, body: 'on the chapter' });
    const list = await callEndpoint(t, 'seriesComments', { params: { seriesId: series.id } });
    expect(list.body.data.items.map((c: { body: string }) => c.body)).toEqual(['on the series']);
    const hidden = await buildSeries(t, { isPublished: false });
    expect((await callEndpoint(t, 'seriesComments', { params: { seriesId: hidden.id } })).body.error.code).toBe(
      'series_not_found',
    );
    expect((await post(cookie, { seriesId: hidden.id, body: 'x' })).body.error.code).toBe('series_not_found');
  });

  it('refuses bad input: empty, too long, neither or both targets, a bad spoiler flag', async () => {
    const { series, chapter } = await chapterOf();
    const { cookie } = await signedInUser(t);
    const bad = [
      { chapterId: chapter.id, body: '   ' },
      { chapterId: chapter.id, body: 'x'.repeat(COMMENT_MAX_CHARS + 1) },
      { body: 'nowhere' },
      { chapterId: chapter.id, seriesId: series.id, body: 'both' },
      { chapterId: chapter.id, body: 'x', isSpoiler: 'yes' },
      { chapterId: 'nope', body: 'x' },
    ];
    for (const body of bad) {
      const response = await post(cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error.code).toBe('validation_failed');
    }
    expect((await post(cookie, { chapterId: chapter.id, body: 'x'.repeat(COMMENT_MAX_CHARS) })).status).toBe(201);
  });

  it('keeps what was typed as plain text: markup is stored and answered as written', async () => {
    const { chapter } = await chapterOf();
    const { cookie } = await signedInUser(t);
    const body =
      '<script>alert(1)</script> <img src=x onerror=alert(2)> [link](javascript:alert(3)) <a href="javascript:alert(4)">x</a>';
    const created = await post(cookie, { chapterId: chapter.id, body, isSpoiler: true });
    expect(created.body.data).toMatchObject({ body, isSpoiler: true, isMine: true, parentId: null });
    const list = await chapterList(chapter.id);
    expect(list.body.data.items[0].body).toBe(body);
    expect(list.headers['content-type']).toContain('application/json');
  });

  it('drops bidirectional controls from what is posted and edited; controls alone are nothing written', async () => {
    const { chapter } = await chapterOf();
    const { cookie } = await signedInUser(t);
    // U+202E shows what follows backwards: "gnp.exe" reads "exe.png" to the next reader.
    const created = await post(cookie, {
      chapterId: chapter.id,
      body: '\u2067Open\u2069 \u202Egnp.exe\u202C \u200Fsee\u200E \u061C\u202A\u202B\u202D\u2066\u2068!',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.body).toBe('Open gnp.exe see !');
    const edited = await callEndpoint(t, 'commentUpdate', {
      cookie,
      params: { id: created.body.data.id },
      body: { body: 'Fixed \u202Etxt.exe' },
    });
    expect(edited.body.data.body).toBe('Fixed txt.exe');
    expect((await chapterList(chapter.id)).body.data.items[0].body).toBe('Fixed txt.exe');
    // Right-to-left letters are text, not controls: they stay.
    expect((await post(cookie, { chapterId: chapter.id, body: 'שלום مرحبا' })).body.data.body).toBe('שלום مرحبا');
    const empty = await post(cookie, { chapterId: chapter.id, body: ' \u202E\u2066 ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ body: 'Write something first' });
  });

  it('asks visitors to log in and refuses banned users', async () => {
    const { chapter } = await chapterOf();
    const visitor = await post('', { chapterId: chapter.id, body: 'hello' });
    expect(visitor.status).toBe(401);
    const { user, cookie } = await signedInUser(t);
    await t.db.update(users).set({ isBanned: true }).where(eq(users.id, user.id));
    const banned = await post(cookie, { chapterId: chapter.id, body: 'hello' });
    // The ban ends the session (401) or, if the session is still cached, the check refuses it (403).
    expect([401, 403]).toContain(banned.status);
    expect((await chapterList(chapter.id)).body.data.items).toHaveLength(0);
  });

  it(`answers the ${COMMENT_RATE_LIMIT + 1}th comment in a window with 429 and Retry-After, for that reader only`, async () => {
    const { chapter } = await chapterOf();
    const fast = await signedInUser(t);
    for (let i = 0; i < COMMENT_RATE_LIMIT; i += 1) {
      expect((await post(fast.cookie, { chapterId: chapter.id, body: `quick ${i}` })).status).toBe(201);
    }
    const limited = await post(fast.cookie, { chapterId: chapter.id, body: 'one more' });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(COMMENT_RATE_WINDOW_MS / 1000);
    const other = await signedInUser(t);
    expect((await post(other.cookie, { chapterId: chapter.id, body: 'me too' })).status).toBe(201);
    expect((await chapterList(chapter.id)).body.data.pagination.total).toBe(COMMENT_RATE_LIMIT + 1);
  });
});

describe('replies', () => {
  it('keeps one level: a reply to a reply joins the top-level thread; the parent’s author is notified, not a self-replier', async () => {
    const { series, chapter } = await chapterOf();
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const top = (await post(alice.cookie, { chapterId: chapter.id, body: 'Top' })).body.data;
    const reply = (await post(bob.cookie, { chapterId: chapter.id, body: 'A reply', parentId: top.id })).body.data;
    expect(reply.parentId).toBe(top.id);
    t.clock.advance(1000);
    const nested = (await post(alice.cookie, { chapterId: chapter.id, body: 'Reply to reply', parentId: reply.id })).body.data;
    expect(nested.parentId).toBe(top.id);

    const list = (await chapterList(chapter.id)).body.data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0].replyCount).toBe(2);
    expect(list.items[0].replies.map((r: { body: string }) => r.body)).toEqual(['A reply', 'Reply to reply']);
    // One thread to page through; three comments for the header to count (issue 21 §1).
    expect(list.pagination.total).toBe(1);
    expect(list.commentCount).toBe(3);

    const notices = await callEndpoint(t, 'notifications', { cookie: alice.cookie, query: '?limit=10&offset=0' });
    const aliceNotices = notices.body.data.notifications as { title: string; link: string }[];
    expect(aliceNotices).toHaveLength(1);
    expect(aliceNotices[0]).toMatchObject({
      title: `${bob.user.username} replied to your comment`,
      link: `/SeriesView/${series.slug}/${chapter.slug}#comment-${reply.id}`,
    });
    const bobNotices = await callEndpoint(t, 'notifications', { cookie: bob.cookie, query: '?limit=10&offset=0' });
    expect(bobNotices.body.data.notifications).toHaveLength(0);
  });

  it('refuses a reply to a comment elsewhere or unknown', async () => {
    const first = await chapterOf();
    const second = await chapterOf();
    const { cookie } = await signedInUser(t);
    const top = (await post(cookie, { chapterId: first.chapter.id, body: 'Here' })).body.data;
    expect((await post(cookie, { chapterId: second.chapter.id, body: 'x', parentId: top.id })).status).toBe(404);
    expect((await post(cookie, { chapterId: first.chapter.id, body: 'x', parentId: UNKNOWN_ID })).status).toBe(404);
  });
});

describe('editing and deleting one’s own comment', () => {
  it(`edits within ${COMMENT_EDIT_WINDOW_MS / 60_000} minutes, then answers 409; others may not edit`, async () => {
    const { chapter } = await chapterOf();
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const mine = (await post(alice.cookie, { chapterId: chapter.id, body: 'Frist' })).body.data;
    expect(mine.canEditUntil).toBe(new Date(Date.parse(mine.createdAt) + COMMENT_EDIT_WINDOW_MS).toISOString());
    const edited = await callEndpoint(t, 'commentUpdate', {
      cookie: alice.cookie,
      params: { id: mine.id },
      body: { body: 'First', isSpoiler: true },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ body: 'First', isSpoiler: true });
    expect(edited.body.data.editedAt).not.toBeNull();
    expect(
      (await callEndpoint(t, 'commentUpdate', { cookie: bob.cookie, params: { id: mine.id }, body: { body: 'Mine now' } }))
        .status,
    ).toBe(403);
    expect(
      (await callEndpoint(t, 'commentUpdate', { cookie: alice.cookie, params: { id: mine.id }, body: { body: '' } })).status,
    ).toBe(400);
    expect((await callEndpoint(t, 'commentUpdate', { params: { id: mine.id }, body: { body: 'x' } })).status).toBe(401);
    expect(
      (await callEndpoint(t, 'commentUpdate', { cookie: alice.cookie, params: { id: UNKNOWN_ID }, body: { body: 'x' } })).status,
    ).toBe(404);

    t.clock.advance(COMMENT_EDIT_WINDOW_MS + 1000);
    const late = await callEndpoint(t, 'commentUpdate', {
      cookie: alice.cookie,
      params: { id: mine.id },
      body: { body: 'Too late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'conflict', message: expect.stringContaining('minutes') });
    expect((await chapterList(chapter.id)).body.data.items[0].body).toBe('First');
  });

  it('deletes its own comment; a top-level one with replies stays as [deleted] until its last reply goes', async () => {
    const { chapter } = await chapterOf();
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const lone = (await post(alice.cookie, { chapterId: chapter.id, body: 'Lone' })).body.data;
    const top = (await post(alice.cookie, { chapterId: chapter.id, body: 'Thread' })).body.data;
    const reply = (await post(bob.cookie, { chapterId: chapter.id, body: 'Answer', parentId: top.id })).body.data;

    expect((await callEndpoint(t, 'commentDelete', { cookie: bob.cookie, params: { id: lone.id } })).status).toBe(403);
    expect((await callEndpoint(t, 'commentDelete', { params: { id: lone.id } })).status).toBe(401);
    expect((await callEndpoint(t, 'commentDelete', { cookie: alice.cookie, params: { id: lone.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'commentDelete', { cookie: alice.cookie, params: { id: lone.id } })).status).toBe(404);
    expect((await callEndpoint(t, 'commentDelete', { cookie: alice.cookie, params: { id: top.id } })).status).toBe(200);

    let items = (await chapterList(chapter.id, '', alice.cookie)).body.data.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: top.id, isDeleted: true, isMine: false, body: '[deleted]' });
    expect(items[0].replies[0].body).toBe('Answer');
    expect(
      (await callEndpoint(t, 'commentUpdate', { cookie: alice.cookie, params: { id: top.id }, body: { body: 'back' } })).status,
    ).toBe(404);

    expect((await callEndpoint(t, 'commentDelete', { cookie: bob.cookie, params: { id: reply.id } })).status).toBe(200);
    items = (await chapterList(chapter.id)).body.data.items;
    expect(items).toHaveLength(0);
  });
});

describe('reports', () => {
  it('counts a reader’s report once; reasons are required', async () => {
    const { chapter } = await chapterOf();
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const carol = await signedInUser(t);
    const target = (await post(alice.cookie, { chapterId: chapter.id, body: 'Spoilers everywhere' })).body.data;
    const report = (cookie: string, reason: unknown) =>
      callEndpoint(t, 'commentReport', { cookie, params: { id: target.id }, body: { reason } });
    expect((await report(bob.cookie, '')).status).toBe(400);
    expect((await report(bob.cookie, 'x'.repeat(501))).status).toBe(400);
    expect((await callEndpoint(t, 'commentReport', { params: { id: target.id }, body: { reason: 'spam' } })).status).toBe(401);
    expect(
      (await callEndpoint(t, 'commentReport', { cookie: bob.cookie, params: { id: UNKNOWN_ID }, body: { reason: 'spam' } }))
        .status,
    ).toBe(404);
    expect((await report(bob.cookie, 'Unmarked spoiler')).status).toBe(200);
    const again = await report(bob.cookie, 'Still a spoiler');
    expect(again.status).toBe(200);
    expect(again.body.message).toMatch(/already/);
    expect((await report(carol.cookie, 'Rude')).status).toBe(200);
    const [row] = await t.db.select({ n: comments.reportCount }).from(comments).where(eq(comments.id, target.id));
    expect(row?.n).toBe(2);
  });
});

describe('moderation', () => {
  it('keeps the team’s routes from visitors (401) and readers (403), whatever they send', async () => {
    const reader = await signedInUser(t);
    for (const [name, options] of [
      ['teamComments', {}],
      ['teamCommentUpdate', { params: { id: UNKNOWN_ID }, body: { hidden: 'maybe' } }],
      ['teamCommentDelete', { params: { id: UNKNOWN_ID } }],
    ] as const) {
      expect((await callEndpoint(t, name, options)).status, name).toBe(401);
      expect((await callEndpoint(t, name, { ...options, cookie: reader.cookie })).status, name).toBe(403);
    }
  });

  it('lists newest first with where each belongs and its reports; filters reported, hidden, a user and words', async () => {
    const { series, chapter } = await chapterOf();
    const editor = await signedInUser(t, { role: 'editor' });
    const troll = await signedInUser(t);
    const bob = await signedInUser(t);
    const fine = (await post(bob.cookie, { seriesId: series.id, body: 'Lovely art' })).body.data;
    t.clock.advance(1000);
    const rude = (await post(troll.cookie, { chapterId: chapter.id, body: 'Rude words zq81' })).body.data;
    await callEndpoint(t, 'commentReport', { cookie: bob.cookie, params: { id: rude.id }, body: { reason: 'Insults' } });

    const all = (await callEndpoint(t, 'teamComments', { cookie: editor.cookie })).body.data;
    const ours = all.items.filter((c: { id: string }) => c.id === rude.id || c.id === fine.id);
    expect(ours.map((c: { id: string }) => c.id)).toEqual([rude.id, fine.id]);
    expect(ours[0]).toMatchObject({
      series: { id: series.id, slug: series.slug, title: series.title },
      chapter: { id: chapter.id, slug: chapter.slug, number: 1 },
      reportCount: 1,
      reports: [{ reason: 'Insults', username: bob.user.username }],
      hidden: false,
    });
    expect(ours[1].chapter).toBeNull();

    const reported = (await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: '?status=reported' })).body.data
      .items;
    expect(reported.map((c: { id: string }) => c.id)).toContain(rude.id);
    expect(reported.map((c: { id: string }) => c.id)).not.toContain(fine.id);
    const byUser = (await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: `?userId=${troll.user.id}` })).body.data
      .items;
    expect(byUser.map((c: { id: string }) => c.id)).toEqual([rude.id]);
    const byWords = (await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: '?q=zq81' })).body.data.items;
    expect(byWords.map((c: { id: string }) => c.id)).toEqual([rude.id]);
    expect((await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: '?status=gone' })).status).toBe(400);
    expect((await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: '?userId=nope' })).status).toBe(400);
  });

  it('hides a comment from readers (its replies with it) and restores it; an admin deletes one', async () => {
    const { chapter } = await chapterOf();
    const editor = await signedInUser(t, { role: 'editor' });
    const admin = await signedInUser(t, { role: 'admin' });
    const alice = await signedInUser(t);
    const top = (await post(alice.cookie, { chapterId: chapter.id, body: 'Hide me' })).body.data;
    await post(alice.cookie, { chapterId: chapter.id, body: 'Reply', parentId: top.id });
    const keep = (await post(alice.cookie, { chapterId: chapter.id, body: 'Keep me' })).body.data;

    const hidden = await callEndpoint(t, 'teamCommentUpdate', {
      cookie: editor.cookie,
      params: { id: top.id },
      body: { hidden: true },
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.hidden).toBe(true);
    const shown = (await chapterList(chapter.id, '', alice.cookie)).body.data;
    expect(shown.items.map((c: { id: string }) => c.id)).toEqual([keep.id]);
    // A hidden thread's replies are not counted either.
    expect(shown.commentCount).toBe(1);
    expect((await post(alice.cookie, { chapterId: chapter.id, body: 'x', parentId: top.id })).status).toBe(404);
    expect(
      (await callEndpoint(t, 'commentReport', { cookie: alice.cookie, params: { id: top.id }, body: { reason: 'hmm' } })).status,
    ).toBe(404);
    const hiddenList = (await callEndpoint(t, 'teamComments', { cookie: editor.cookie, query: '?status=hidden' })).body.data
      .items;
    expect(hiddenList.map((c: { id: string }) => c.id)).toEqual([top.id]);

    expect(
      (await callEndpoint(t, 'teamCommentUpdate', { cookie: editor.cookie, params: { id: top.id }, body: { hidden: 'no' } }))
        .status,
    ).toBe(400);
    await callEndpoint(t, 'teamCommentUpdate', { cookie: editor.cookie, params: { id: top.id }, body: { hidden: false } });
    const restored = (await chapterList(chapter.id)).body.data.items;
    expect(restored.map((c: { id: string }) => c.id)).toContain(top.id);
    expect(restored.find((c: { id: string }) => c.id === top.id).replies).toHaveLength(1);

    expect((await callEndpoint(t, 'teamCommentDelete', { cookie: admin.cookie, params: { id: top.id } })).status).toBe(200);
    expect((await callEndpoint(t, 'teamCommentDelete', { cookie: admin.cookie, params: { id: top.id } })).status).toBe(404);
    expect(
      (await callEndpoint(t, 'teamCommentUpdate', { cookie: admin.cookie, params: { id: top.id }, body: { hidden: true } }))
        .status,
    ).toBe(404);
    expect((await chapterList(chapter.id)).body.data.items.map((c: { id: string }) => c.id)).toEqual([keep.id]);
  });
});
