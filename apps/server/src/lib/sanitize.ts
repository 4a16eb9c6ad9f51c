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
