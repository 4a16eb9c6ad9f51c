import { describe, expect, it } from 'vitest';
import { withLanguageAlternates, withPageMeta } from './page-meta';

const INDEX =
  '<!doctype html><html><head><title>Inkwell</title><meta name="description" content="x" /></head><body></body></html>';

describe('withPageMeta (issue 7 §4.6)', () => {
  it("writes $&, $` and $' in a title or description as they are, never as replacement patterns", () => {
    const html = withPageMeta(INDEX, {
      title: "Cash $& Carry $` and $' · Inkwell",
      description: "Price: $$5, $1 and $'",
      image: null,
      url: 'http://localhost/SeriesView/cash',
    });
    expect(html.match(/<html>/g)).toHaveLength(1);
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html).toContain('<title>Cash $&amp; Carry $` and $&#39; · Inkwell</title>');
    expect(html).toContain('content="Price: $$5, $1 and $&#39;"');
  });

  it('links each language of a page once, the first alternate naming it winning (issue 35 §2)', () => {
    const html = withLanguageAlternates(INDEX, [
      { hreflang: 'en', href: 'http://localhost/SeriesView/salt?lang=en' },
      { hreflang: 'x-default', href: 'http://localhost/SeriesView/salt' },
      { hreflang: 'EN', href: 'http://localhost/SeriesView/salt?lang=EN' },
      { hreflang: 'ko', href: 'http://localhost/SeriesView/salt?lang=ko&x="y"' },
    ]);
    const links = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map(([, lang, href]) => [
      lang,
      href,
    ]);
    expect(links).toEqual([
      ['en', 'http://localhost/SeriesView/salt?lang=en'],
      ['x-default', 'http://localhost/SeriesView/salt'],
      ['ko', 'http://localhost/SeriesView/salt?lang=ko&amp;x=&quot;y&quot;'],
    ]);
  });
});
