import sanitizeHtml from 'sanitize-html';

/** What a novel chapter may contain: text formatting and links, nothing that runs or loads. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'hr',
    'a',
    'sup',
    'sub',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', {
      rel: 'noopener noreferrer nofollow',
      target: '_blank',
    }),
  },
};

export function sanitizeNovelHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_END = /<\/(?:p|h2|h3|h4|blockquote|ul|ol)>|<hr\s*\/?>/g;

/**
 * The paywall preview of a novel chapter: its first blocks, up to `percent` of its text, cut at the
 * end of a block and sanitized again so every tag is closed. At least one block when percent > 0;
 * never the whole text.
 */
export function novelPreview(html: string, percent: number): string {
  if (percent <= 0 || !html) return '';
  const textLength = (part: string) => part.replace(/<[^>]*>/g, '').length;
  const total = textLength(html);
  const budget = (total * percent) / 100;
  let cut = 0;
  for (const match of html.matchAll(BLOCK_END)) {
    const end = match.index + match[0].length;
    if (end >= html.length) break;
    if (cut > 0 && textLength(html.slice(0, end)) > budget) break;
    cut = end;
    if (textLength(html.slice(0, end)) >= budget) break;
  }
  return cut === 0 ? '' : sanitizeNovelHtml(html.slice(0, cut));
}

/** Our own images: a path under /media, nothing that climbs out of it. */
const OWN_MEDIA = /^\/media\/[A-Za-z0-9_\-/]+(?:\.[A-Za-z0-9]+)?$/;

/**
 * What an announcement may contain: the novel's formatting plus headings and images served from
 * our /media; no scripts, styles, frames, event handlers or javascript: links.
 */
const ANNOUNCEMENT_OPTIONS: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags as string[]), 'h1', 'img', 'figure', 'figcaption'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_MEDIA.test(frame.attribs.src ?? ''),
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, ANNOUNCEMENT_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The plain text of sanitized HTML, blocks separated by a space and whitespace collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(?:p|h[1-6]|li|blockquote|figcaption)>|<br\s*\/?>|<hr\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
