import { describe, expect, it } from 'vitest';
import { bannerSvg, coverSvg, pageSvg } from './demo-art';
import { SERIES } from './demo-catalogue';
import { novelText } from './demo-novel';
import { pagesOfDemoChapter } from './seed-demo';

// Issue 11 §3: demo content that looks like a real site.
describe('the demo content', () => {
  it('gives every comic chapter its own pages, in an order no other chapter has', () => {
    const longest = Math.max(...SERIES.filter((item) => item.type === 'comic').map((item) => item.chapters + 1));
    const orders = Array.from({ length: longest }, (_, chapter) => pagesOfDemoChapter(chapter));
    expect(new Set(orders.map((order) => order.join())).size).toBe(longest);
    for (const order of orders) {
      expect(order.length).toBe(4);
      expect(new Set(order).size).toBe(order.length);
    }
  });

  it('never repeats a paragraph within a novel, and names each novel’s own cast', () => {
    for (const item of SERIES.filter((series) => series.type === 'novel')) {
      const paragraphs = Array.from(
        { length: item.chapters },
        (_, i) => novelText(item, i + 1).match(/<p>.*?<\/p>/g) ?? [],
      ).flat();
      expect(paragraphs.length).toBeGreaterThan(item.chapters * 4);
      expect(new Set(paragraphs).size, item.title).toBe(paragraphs.length);
      expect(paragraphs.join('')).not.toMatch(/\{\w+\}/);
      // Every sentence starts with a capital (or an opening quote), whatever name opens it.
      expect(paragraphs.join(' ').replace(/<\/?p>/g, ' ')).not.toMatch(/(^|[.!?”]\s+)[a-z]/);
    }
    expect(novelText(SERIES[0]!, 3)).toBe(novelText(SERIES[0]!, 3));
  });

  it('tells each novel as a story: every chapter opens on its own hour, place and weather, and ends on a hook', () => {
    for (const item of SERIES.filter((series) => series.type === 'novel')) {
      const chapters = Array.from({ length: item.chapters }, (_, i) => novelText(item, i + 1));
      const openings = chapters.map((chapter) => /<p>(.*?)[.]/.exec(chapter)![1]);
      expect(new Set(openings).size, item.title).toBe(chapters.length);
      for (const chapter of chapters) expect(chapter.match(/<p>/g)!.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('draws covers without words (the title is printed beside every cover) and balloons that hold their words', () => {
    const cover = coverSvg({ title: 'The Lantern Keeper', author: 'Mira Holt', hue: 38 });
    expect(cover).not.toContain('<text');
    let balloons = 0;
    for (let variant = 0; variant < 12; variant += 1) {
      const page = pageSvg({ title: 'The Lantern Keeper', author: 'Mira Holt', hue: 38 }, variant);
      // Each balloon's lines are no wider than the balloon drawn for them (26 px type, 0.56 em a character, 30 px each side).
      for (const [, width, lines] of page.matchAll(
        /<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)" height="[\d.]+" rx="[\d.]+" fill="#fff"[^>]*\/><rect[^>]*\/>((?:<text[^>]*>[^<]*<\/text>)+)/g,
      )) {
        balloons += 1;
        for (const line of lines!.matchAll(/>([^<]*)<\/text>/g))
          expect(line[1]!.length * 26 * 0.56 + 60).toBeLessThanOrEqual(Number(width) + 1);
      }
    }
    expect(balloons).toBeGreaterThanOrEqual(12);
  });

  it('draws banners without words: their text is live text over the image', () => {
    expect(bannerSvg(200)).not.toContain('<text');
  });
});
