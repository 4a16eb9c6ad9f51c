import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChapter, buildSeries } from '../../test/factories';
import { callEndpoint, createTestApp, type TestContext } from '../../test/helpers';
import { seedDemoEditions } from './demo-editions';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Issue 35 §2: the demo carries one series with a complete second edition and one partly translated.
describe('the demo’s editions', () => {
  it('translates the tea house whole into Spanish and the cartographer’s first chapters into Portuguese', async () => {
    const seeded = new Map<string, { id: string; chapters: { id: string; number: number }[] }>();
    const slugs = new Map<string, string>();
    for (const [title, count] of [
      ['The Tea House at the End of the Line', 3],
      ['The Cartographer of Lost Winds', 6],
    ] as const) {
      const series = await buildSeries(t, { type: 'novel', title });
      const chapters = [];
      for (let number = 1; number <= count; number += 1) chapters.push(await buildChapter(t, series.id, { number }));
      seeded.set(title, { id: series.id, chapters: chapters.map((chapter) => ({ id: chapter.id, number: chapter.number })) });
      slugs.set(title, series.slug);
    }
    await seedDemoEditions(t.db, seeded);

    const spanish = await callEndpoint(t, 'series', {
      params: { slug: slugs.get('The Tea House at the End of the Line')! },
      query: '?lang=es',
    });
    expect(spanish.body.data.title).toBe('La casa de té al final de la línea');
    expect(spanish.body.data.chapters.every((chapter: { fallback: boolean }) => !chapter.fallback)).toBe(true);
    const text = await callEndpoint(t, 'chapter', {
      params: { slug: slugs.get('The Tea House at the End of the Line')!, chapterSlug: spanish.body.data.chapters[0].slug },
      query: '?lang=es',
    });
    expect(text.body.data.content).toMatch(/^<p>[A-ZÁÉÍÓÚ—¿¡]/);
    expect(text.body.data.language).toBe('es');

    const portuguese = await callEndpoint(t, 'series', {
      params: { slug: slugs.get('The Cartographer of Lost Winds')! },
      query: '?lang=pt-BR',
    });
    const fallbacks = portuguese.body.data.chapters.map((chapter: { number: number; fallback: boolean }) => [
      chapter.number,
      chapter.fallback,
    ]);
    expect(fallbacks.sort((a: number[], b: number[]) => a[0]! - b[0]!)).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, true],
      [6, true],
    ]);
  });
});
