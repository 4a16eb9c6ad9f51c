import { describe, expect, it } from 'vitest';
import { bannerSvg } from './demo-art';
import { SERIES } from './demo-catalogue';
import { novelText, pagesOfDemoChapter } from './seed-demo';

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

  it('draws banners without words: their text is live text over the image', () => {
    expect(bannerSvg(200)).not.toContain('<text');
  });
});
