import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { notifications, users } from '../../../db/schema';
import { buildChapter, buildSeries } from '../../../../test/factories';
import { buildFollowers, noticesOf } from '../../../../test/followers';
import { createTestApp, lastMailTo, type TestContext } from '../../../../test/helpers';

// Issue 35 §2: a follower is told of a chapter in the language they read the series in, and never
// twice for one chapter.

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const readIn = (ids: string[], contentLanguages: string[]) =>
  t.db.update(users).set({ contentLanguages }).where(inArray(users.id, ids));

describe('new-chapter notices in an edition', () => {
  it('tells a follower of the Spanish edition when the chapter can be read in Spanish, the others at its release, each once', async () => {
    const { chapters } = t.app.services;
    const novel = await buildSeries(t, { type: 'novel', title: 'The Paper Harbour' });
    await chapters.createEdition(novel.id, { language: 'es', title: 'El Puerto de Papel', description: '' });
    const [english, spanish, korean] = [
      await buildFollowers(t.db, novel.id, 2),
      await buildFollowers(t.db, novel.id, 2),
      await buildFollowers(t.db, novel.id, 1),
    ];
    await readIn(
      spanish!.map((follower) => follower.id),
      ['es-MX', 'en'],
    );
    // Korean first, which the series lacks: they read the original.
    await readIn(
      korean!.map((follower) => follower.id),
      ['ko'],
    );

    const chapter = await buildChapter(t, novel.id, { number: 1, content: '<p>The harbour was quiet.</p>' });
    await t.app.services.jobs.drain();
    let notices = await noticesOf(t.db, chapter.id);
    expect([...notices.keys()].sort()).toEqual([...english!, ...korean!].map((follower) => follower.id).sort());

    // A title alone cannot be read: nobody new is told.
    await chapters.putChapterEdition(chapter.id, 'es', { title: 'El puerto' });
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, chapter.id)).size).toBe(3);

    await chapters.putChapterEdition(chapter.id, 'es', { title: 'El puerto', content: '<p>El puerto estaba en calma.</p>' });
    await t.app.services.jobs.drain();
    notices = await noticesOf(t.db, chapter.id);
    expect(notices.size).toBe(5);
    for (const follower of [...english!, ...spanish!, ...korean!]) expect(notices.get(follower.id)).toBe(1);

    // The translation saved again, or the fan-out repeated: still one notice each.
    await chapters.putChapterEdition(chapter.id, 'es', { title: 'El puerto', content: '<p>El puerto, en calma.</p>' });
    await t.app.services.jobs.drain();
    await t.app.services.newChapterNotices.fanOut(chapter.id, { part: 0, parts: 1 }, 'es');
    notices = await noticesOf(t.db, chapter.id);
    expect(notices.size).toBe(5);
    expect([...notices.values()].every((count) => count === 1)).toBe(true);
  });

  it('mails a follower of the edition the translation’s address', async () => {
    const novel = await buildSeries(t, { type: 'novel', title: 'The Tin Lighthouse' });
    await t.app.services.chapters.createEdition(novel.id, { language: 'es', title: 'El Faro de Lata', description: '' });
    const [reader] = await buildFollowers(t.db, novel.id, 1, 'instant');
    await readIn([reader!.id], ['es']);
    const chapter = await buildChapter(t, novel.id, { number: 1, content: '<p>The light was out.</p>' });
    await t.app.services.chapters.putChapterEdition(chapter.id, 'es', {
      title: 'La luz',
      content: '<p>La luz estaba apagada.</p>',
    });
    const mail = await lastMailTo(t, reader!.email);
    expect(mail?.text).toContain(`/SeriesView/${novel.slug}/${chapter.slug}?lang=es`);
  });

  it('tells the edition’s followers at the release when the translation was ready before it', async () => {
    const { chapters } = t.app.services;
    const novel = await buildSeries(t, { type: 'novel' });
    await chapters.createEdition(novel.id, { language: 'pt-BR', title: 'O Porto', description: '' });
    const followers = await buildFollowers(t.db, novel.id, 2);
    await readIn(
      followers.map((follower) => follower.id),
      ['pt'],
    );
    const draft = await buildChapter(t, novel.id, { number: 1, publishedAt: null, content: '<p>Draft.</p>' });
    await chapters.putChapterEdition(draft.id, 'pt-BR', { title: 'Um', content: '<p>Rascunho.</p>' });
    await t.app.services.jobs.drain();
    // Not out: nobody is told yet.
    expect((await noticesOf(t.db, draft.id)).size).toBe(0);
    await chapters.updateChapter(draft.id, { publishedAt: new Date(t.clock.now().getTime() - 1000).toISOString() });
    await t.app.services.jobs.drain();
    expect((await noticesOf(t.db, draft.id)).size).toBe(2);
    // Released with its translation ready: the notice leads to the translation.
    const links = await t.db
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.chapterId, draft.id));
    expect(links.map((row) => row.link)).toEqual([
      `/SeriesView/${novel.slug}/${draft.slug}?lang=pt-BR`,
      `/SeriesView/${novel.slug}/${draft.slug}?lang=pt-BR`,
    ]);
  });
});
