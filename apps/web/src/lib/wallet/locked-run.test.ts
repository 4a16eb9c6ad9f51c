import { describe, expect, it } from 'vitest';
import { bulkChoices, lockedRunFrom, type PricedChapter } from './locked-run';

/** A choice's name as English says it. */
const said = (id: string, count: number) => `${id === 'common.lib.bulk.all' ? 'All' : 'Next'} ${count}`;

const ch = (number: number, access: PricedChapter['access'], price = 30): PricedChapter => ({
  id: `c${number}`,
  number,
  price,
  access,
});

describe('bulk unlocking', () => {
  it('takes the chapters for sale (locked or early access) from a chapter on, in reading order', () => {
    const chapters = [
      ch(6, 'early_access'),
      ch(5, 'unlocked'),
      ch(4, 'locked'),
      ch(3, 'locked'),
      ch(2, 'free', 0),
      ch(7, 'scheduled'),
    ];
    expect(lockedRunFrom(chapters, 3).map((c) => c.number)).toEqual([3, 4, 6]);
    expect(lockedRunFrom(chapters, 4).map((c) => c.number)).toEqual([4, 6]);
  });

  it('offers the next 5 and 10 only where the run is longer, and all of it, each with its total', () => {
    const run = Array.from({ length: 12 }, (_, i) => ch(i + 1, 'locked', i < 5 ? 30 : 50));
    expect(
      bulkChoices(run).map(({ key, label, chapters, total }) => [key, said(label, chapters.length), chapters.length, total]),
    ).toEqual([
      ['next-5', 'Next 5', 5, 150],
      ['next-10', 'Next 10', 10, 400],
      ['all', 'All 12', 12, 500],
    ]);
    expect(bulkChoices(run.slice(0, 5)).map((c) => said(c.label, c.chapters.length))).toEqual(['All 5']);
    expect(bulkChoices(run.slice(0, 10)).map((c) => said(c.label, c.chapters.length))).toEqual(['Next 5', 'All 10']);
  });

  it('does not call a run "all" when more are for sale than one unlock takes', () => {
    const run = Array.from({ length: 12 }, (_, i) => ch(i + 1, 'locked', 10));
    expect(bulkChoices(run, 2400).map((c) => said(c.label, c.chapters.length))).toEqual(['Next 5', 'Next 10', 'Next 12']);
  });
});
