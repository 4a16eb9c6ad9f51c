import { DomUtils, parseDocument } from 'htmlparser2';
import { sanitizeNovelHtml } from '../../../../lib/sanitize';
import type { XmlElement } from './xml';

type Node = XmlElement['children'][number];

const SKIP = new Set([
  'head',
  'script',
  'style',
  'svg',
  'img',
  'image',
  'video',
  'audio',
  'iframe',
  'object',
  'nav',
  'title',
  'math',
  'noscript',
]);
const INLINE: Record<string, string> = {
  em: 'em',
  i: 'em',
  cite: 'em',
  strong: 'strong',
  b: 'strong',
  u: 'u',
  s: 's',
  strike: 's',
  del: 's',
  sup: 'sup',
  sub: 'sub',
};
const HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h4', h6: 'h4' };
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'body',
  'header',
  'footer',
  'aside',
  'figure',
  'figcaption',
  'pre',
  'dl',
  'dt',
  'dd',
  'table',
  'tbody',
  'thead',
  'tr',
  'td',
  'th',
  'center',
  'address',
]);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface Segment {
  /** The anchor it starts at (one of `ids`), or null for what comes before any of them. */
  id: string | null;
  /** Simple HTML: paragraphs, headings h2–h4, emphasis, lists, quotes, rules; sanitized. */
  html: string;
}

/**
 * An EPUB's XHTML document as the novel reader's simple HTML, cut where an element carries one of
 * `ids` (a table of contents' anchors: several chapters may share a file). Styles, images, scripts
 * and the book's own links are left out; the writer sanitizes again (lib/sanitize.ts).
 */
export function renderXhtml(xhtml: string, ids: ReadonlySet<string> = new Set()): Segment[] {
  const document = parseDocument(xhtml, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
  const body = DomUtils.findOne((element) => element.name === 'body', document.children) ?? document;
  const segments: { id: string | null; blocks: string[] }[] = [{ id: null, blocks: [] }];
  let inline = '';
  const blocks = () => segments.at(-1)!.blocks;
  const flush = () => {
    if (inline.replace(/<br>/g, '').trim()) blocks().push(`<p>${inline.trim()}</p>`);
    inline = '';
  };
  /** Walks `nodes` and gives back the blocks they made, as one piece of inline HTML (a heading's, a list item's). */
  const capture = (nodes: Node[]): string => {
    flush();
    const into = blocks();
    const mark = into.length;
    nodes.forEach(walk);
    flush();
    return into
      .splice(mark)
      .map((block) => block.replace(/^<p>|<\/p>$/g, ''))
      .join('<br>');
  };
  const walk = (node: Node): void => {
    if (node.type === 'text') {
      inline += escapeText((node as { data: string }).data.replace(/\s+/g, ' '));
      return;
    }
    if (!('name' in node)) return;
    const element = node as XmlElement;
    const name = element.name.replace(/^.*:/, '');
    const id = element.attribs.id;
    if (id && ids.has(id)) {
      flush();
      segments.push({ id, blocks: [] });
    }
    if (SKIP.has(name)) return;
    if (name === 'br') inline += '<br>';
    else if (name === 'hr') {
      flush();
      blocks().push('<hr>');
    } else if (Object.hasOwn(INLINE, name)) {
      inline += `<${INLINE[name]}>`;
      element.children.forEach(walk);
      inline += `</${INLINE[name]}>`;
    } else if (name === 'a') {
      const href = element.attribs.href ?? '';
      const outside = /^https?:\/\//i.test(href);
      if (outside) inline += `<a href="${escapeText(href).replace(/"/g, '&quot;')}">`;
      element.children.forEach(walk);
      if (outside) inline += '</a>';
    } else if (Object.hasOwn(HEADINGS, name)) {
      const text = capture(element.children);
      if (text.trim()) blocks().push(`<${HEADINGS[name]}>${text}</${HEADINGS[name]}>`);
    } else if (name === 'ul' || name === 'ol') {
      flush();
      const items = element.children
        .filter((child): child is XmlElement => 'name' in child && (child as XmlElement).name === 'li')
        .map((item) => capture(item.children))
        .filter((text) => text.trim());
      if (items.length) blocks().push(`<${name}>${items.map((item) => `<li>${item}</li>`).join('')}</${name}>`);
    } else if (name === 'blockquote') {
      flush();
      blocks().push('<blockquote>');
      element.children.forEach(walk);
      flush();
      blocks().push('</blockquote>');
    } else if (BLOCKS.has(name)) {
      flush();
      element.children.forEach(walk);
      flush();
    } else element.children.forEach(walk);
  };
  body.children.forEach(walk);
  flush();
  return segments.map((segment) => ({ id: segment.id, html: sanitizeNovelHtml(segment.blocks.join('\n')) }));
}

/** Whether a piece of HTML has any words (a cover page or an empty heading file has none). */
export const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '').length > 0;

/** A document's words and its images, to tell a comic's page (an image, no words) from a novel's. */
export function documentShape(xhtml: string): { text: boolean; images: string[] } {
  const document = parseDocument(xhtml, { lowerCaseTags: true, lowerCaseAttributeNames: true, xmlMode: false });
  const body = DomUtils.findOne((element) => element.name === 'body', document.children) ?? document;
  const images = DomUtils.findAll((element) => element.name === 'img' || element.name.endsWith('image'), body.children)
    .map((element) => element.attribs.src ?? element.attribs['xlink:href'] ?? element.attribs.href ?? '')
    .filter(Boolean);
  return { text: DomUtils.textContent(body).replace(/\s/g, '').length > 0, images };
}
