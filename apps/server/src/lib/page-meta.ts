/** What the server writes into a page's HTML head: link previews and search engines see it without running the app. */
export interface PageMeta {
  title: string;
  description: string;
  image: string | null;
  url: string;
}

/**
 * The meta of a page path: undefined when no one knows the path (the plain app shell is sent),
 * null when it names something that does not exist (the shell is sent with a 404).
 */
export type PageMetaLookup = (path: string) => Promise<PageMeta | null | undefined>;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export const excerpt = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** index.html with the page's own title, description, canonical link and Open Graph tags. */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Inkwell" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ].join('\n    ');
  // Replacer functions, not strings: a title may contain $&, $` or $', which String.replace would expand (issue 7 §4.6).
  return html
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace(/<meta name="description"[^>]*>/, () => '')
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
