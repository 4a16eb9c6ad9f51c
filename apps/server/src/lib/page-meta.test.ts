import { describe, expect, it } from 'vitest';
import { withPageMeta } from './page-meta';

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

  it('writes the page in its other languages as hreflang alternates, escaped (issue 35 §2)', () => {
    const html = withPageMeta(INDEX, {
      title: 'Salt and Ink · Inkwell',
      description: 'x',
      image: null,
      url: 'http://localhost/SeriesView/salt',
      languages: [
        { hreflang: 'en', href: 'http://localhost/SeriesView/salt?lang=en' },
        { hreflang: 'pt-BR', href: 'http://localhost/SeriesView/salt?lang=pt-BR&x="y"' },
        { hreflang: 'x-default', href: 'http://localhost/SeriesView/salt' },
      ],
    });
    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://localhost/SeriesView/salt?lang=en" />');
    expect(html).toContain(
      '<link rel="alternate" hreflang="pt-BR" href="http://localhost/SeriesView/salt?lang=pt-BR&amp;x=&quot;y&quot;" />',
    );
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost/SeriesView/salt" />');
    // A page with none has none.
    expect(withPageMeta(INDEX, { title: 't', description: 'd', image: null, url: 'http://localhost/' })).not.toContain(
      'hreflang',
    );
  });
});
