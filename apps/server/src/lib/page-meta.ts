import { LOCALES } from '@inkwell/contract';

/** Another language's form of a page: `<link rel="alternate" hreflang href>`. */
export interface LanguageAlternate {
  hreflang: string;
  href: string;
}

/** What the server writes into a page's HTML head: link previews and search engines see it without running the app. */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
  /** Other forms of the page (its feeds), as `<link rel="alternate">`. */
  alternates?: { type: string; title: string; href: string }[];
  /** schema.org data about the page, as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /**
   * The page's other languages beyond the interface's (`languageAlternates` gives those to every
   * page): a series' content editions, say.
   */
  languageAlternates?: LanguageAlternate[];
  /** Kept out of search engines (`<meta name="robots" content="noindex">`): a series' adult gate (issue 36 §4). */
  noindex?: boolean;
}

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The meta of a page path: undefined when no one knows the path (the plain app shell is sent),
 * null when it names something that does not exist (the shell is sent with a 404).
 */
/**
 * A page's meta for a path, in the page's interface language (its fixed words: feed titles, labels),
 * and for the edition its `?lang=` names, if any (a series' translated edition is its own page).
 */
export type PageMetaLookup<Viewer = unknown> = (
  path: string,
  locale: string,
  edition?: string,
  /**
   * Who a signed-in request reads as, asked only by a lookup that needs it (null: a visitor): a
   * page a visitor is told does not exist may be there for them (a member's early chapter, issue 38 §1).
   */
  viewer?: () => Promise<Viewer | null>,
) => Promise<PageMeta | null | undefined>;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** index.html with the page's own title, description, canonical link and Open Graph tags. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Inkwell" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.alternates ?? []).map(
      (link) =>
        `<link rel="alternate" type="${escapeHtml(link.type)}" title="${escapeHtml(link.title)}" href="${escapeHtml(link.href)}" />`,
    ),
    // A data block, not a script: browsers do not run it, so the page's CSP has nothing to allow.
    ...(meta.structuredData ? [`<script type="application/ld+json">${scriptJson(meta.structuredData)}</script>`] : []),
  ].join('\n    ');
  // Replacer functions, not strings: a title may contain $&, $` or $', which String.replace would expand (issue 7 §4.6).
  return html
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace(/<meta name="description"[^>]*>/, () => '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * The interface's languages of a page (issue 35 §1): the same address with `?lang=` for each, and
 * the address without it as `x-default` (the language the reader's browser asks for).
 */
export function languageAlternates(publicUrl: string, pathAndQuery: string): LanguageAlternate[] {
  const url = new URL(pathAndQuery, publicUrl);
  url.searchParams.delete('lang');
  const withLang = (lang: string) => {
    const each = new URL(url);
    each.searchParams.set('lang', lang);
    return each.href;
  };
  return [...LOCALES.map((lang) => ({ hreflang: lang, href: withLang(lang) })), { hreflang: 'x-default', href: url.href }];
}

/**
 * A page's head with its other languages' links, search engines' way to each language's page. A
 * language is linked once, by the first alternate naming it: a series' edition in one of the
 * interface's languages is the same `?lang=` address the interface's alternate already gives.
 */
export function withLanguageAlternates(html: string, alternates: LanguageAlternate[]): string {
  if (alternates.length === 0) return html;
  const seen = new Set<string>();
  const links = alternates
    .filter((link) => !seen.has(link.hreflang.toLowerCase()) && seen.add(link.hreflang.toLowerCase()))
    .map((link) => `<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}" />`)
    .join('\n    ');
  return html.replace('</head>', () => `    ${links}\n  </head>`);
}
