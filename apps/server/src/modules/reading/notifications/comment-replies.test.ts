import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../../test/factories';
import { callEndpoint, createTestApp, loginAs, type TestContext } from '../../../../test/helpers';
import { notifyCommentReply } from './comment-replies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function noticesOf(user: { username: string; password: string }) {
  const cookie = await loginAs(t.app, user);
  const response = await callEndpoint(t, 'notifications', { cookie, query: '?limit=10&offset=0' });
  return response.body.data.notifications as { title: string; description: string; link: string | null }[];
}

describe('a reply to a comment notifies its author (issue 9 §2)', () => {
  const commentId = '5f0c3a52-7c1e-4a55-9a38-2b7f1f0c9e11';

  it('tells the author who replied, quotes the reply and links to it', async () => {
    const author = await buildUser(t.db);
    const replier = await buildUser(t.db, { username: `quill_${Date.now()}` });
    await t.db.transaction((tx) =>
      notifyCommentReply(tx, {
        toUserId: author.id,
        fromUserId: replier.id,
        byUsername: replier.username,
        commentId,
        link: '/SeriesView/moth-lantern/chapter-3',
        body: '  Totally agree —\n\nthe   lighthouse scene was the best part of the arc.  ',
      }),
    );
    const [notice, ...others] = await noticesOf(author);
    expect(others).toHaveLength(0);
    expect(notice).toMatchObject({
      title: `${replier.username} replied to your comment`,
      description: 'Totally agree — the lighthouse scene was the best part of the arc.',
      link: `/SeriesView/moth-lantern/chapter-3#comment-${commentId}`,
    });
  });

  it('tells nobody about their own reply, and cuts a long reply short', async () => {
    const author = await buildUser(t.db);
    const link = '/SeriesView/moth-lantern';
    await notifyCommentReply(t.db, {
      toUserId: author.id,
      fromUserId: author.id,
      byUsername: author.username,
      commentId,
      link,
      body: 'me again',
    });
    expect(await noticesOf(author)).toHaveLength(0);

    const replier = await buildUser(t.db);
    await notifyCommentReply(t.db, {
      toUserId: author.id,
      fromUserId: replier.id,
      byUsername: replier.username,
      commentId,
      link,
      body: 'word '.repeat(100),
    });
    await notifyCommentReply(t.db, {
      toUserId: author.id,
      fromUserId: replier.id,
      byUsername: replier.username,
      commentId,
      link,
    });
    const descriptions = (await noticesOf(author)).map((notice) => notice.description).sort();
    expect(descriptions).toHaveLength(2);
    expect(descriptions[0]).toBe('Read the reply');
    expect(descriptions[1]!.length).toBeLessThanOrEqual(140);
    expect(descriptions[1]!.endsWith('…')).toBe(true);
  });
});
