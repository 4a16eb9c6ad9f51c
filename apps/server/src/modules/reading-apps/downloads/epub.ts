import { Parser } from 'htmlparser2';
import { escapeHtml as xml } from '../../../lib/page-meta';
import { type BookCredit, volumePrefix } from './book-credits';
import { deterministicZip } from './zip';

export interface NovelBook {
  id: string;
  series: { title: string; author: string };
  chapter: { number: number; title: string; url: string; publishedAt: string | null; volume?: number | null };
  language: string;
  /** The chapter's sanitized HTML (lib/sanitize.ts). */
  html: string;
  /** Who made it (issue 37 §2): the chapter's credits as readers see them; the series' author stands in for no writer. */
  credits?: BookCredit[];
}

/** Each credit's MARC relator, as EPUB readers (Calibre, Apple Books, KOReader) read a creator's role. */
const MARC_RELATORS: Record<BookCredit['role'], string> = {
  writer: 'aut',
  artist: 'art',
  translator: 'trl',
  letterer: 'oth',
  editor: 'edt',
  other: 'oth',
};

/** The package's creators, each with its role: the credits, or the series' author when they name no writer. */
function creatorsOf(book: NovelBook): string {
  const credits = [...(book.credits ?? [])];
  if (book.series.author && !credits.some((credit) => credit.role === 'writer')) {
    credits.unshift({ role: 'writer', name: book.series.author });
  }
  return credits
    .map(
      (credit, index) =>
        `<dc:creator id="creator-${index + 1}">${xml(credit.name)}</dc:creator>\n` +
        `<meta refines="#creator-${index + 1}" property="role" scheme="marc:relators">${MARC_RELATORS[credit.role]}</meta>\n`,
    )
    .join('');
}

/** The volume the chapter belongs to, as a collection of the package (a set, at its number), when it has one. */
function volumeOf(book: NovelBook): string {
  const volume = book.chapter.volume;
  if (volume === null || volume === undefined) return '';
  return (
    `<meta property="belongs-to-collection" id="volume">${xml(`${book.series.title}, Vol. ${volume}`)}</meta>\n` +
    `<meta refines="#volume" property="collection-type">set</meta>\n` +
    `<meta refines="#volume" property="group-position">${volume}</meta>\n`
  );
}

type Node = { kind: 'element'; name: string; attrs: Record<string, string>; children: Node[] } | { kind: 'text'; text: string };

const VOID = new Set(['br', 'hr']);
const BLOCK = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'ul', 'ol', 'hr']);
/** Characters XML 1.0 does not allow, whatever the escaping. */
// eslint-disable-next-line no-control-regex -- these are exactly what must go
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** The chapter's HTML as a tree; every top-level run of text or inline elements goes into a paragraph. */
function parse(html: string): Node[] {
  const root: Node[] = [];
  const stack: Extract<Node, { kind: 'element' }>[] = [];
  const add = (node: Node) => (stack.at(-1)?.children ?? root).push(node);
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const element: Node = { kind: 'element', name, attrs, children: [] };
        add(element);
        stack.push(element);
      },
      ontext(text) {
        add({ kind: 'text', text });
      },
      onclosetag() {
        stack.pop();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();

  const body: Node[] = [];
  let loose: Node[] = [];
  const flush = () => {
    if (loose.some((node) => node.kind === 'element' || node.text.trim())) {
      body.push({ kind: 'element', name: 'p', attrs: {}, children: loose });
    }
    loose = [];
  };
  for (const node of root) {
    if (node.kind === 'element' && BLOCK.has(node.name)) {
      flush();
      body.push(node);
    } else loose.push(node);
  }
  flush();
  return body;
}

function serialize(node: Node): string {
  if (node.kind === 'text') return xml(node.text.replace(NOT_XML, ''));
  const attrs = Object.entries(node.attrs)
    .map(([name, value]) => ` ${name}="${xml(value.replace(NOT_XML, ''))}"`)
    .join('');
  if (VOID.has(node.name)) return `<${node.name}${attrs}/>`;
  return `<${node.name}${attrs}>${node.children.map(serialize).join('')}</${node.name}>`;
}

/** Where the chapter's body is in KOReader's document: its one spine item. */
const BODY_POINTER = '/body/DocFragment/body';

/**
 * A chapter's XHTML body, every paragraph numbered `p-1`, `p-2`, … in reading order, and each
 * paragraph's path as KOReader writes it (an element's name, with its index among the siblings of
 * that name when there are several), so a position KOReader sends maps to a paragraph and back.
 */
export function chapterBody(book: NovelBook): { xhtml: string; paragraphs: string[] } {
  const heading: Node = {
    kind: 'element',
    name: 'h1',
    attrs: {},
    children: [{ kind: 'text', text: `Chapter ${book.chapter.number}${book.chapter.title ? `: ${book.chapter.title}` : ''}` }],
  };
  const body = [heading, ...parse(book.html)];
  const paragraphs: string[] = [];
  const walk = (siblings: Node[], path: string) => {
    const elements = siblings.filter((node) => node.kind === 'element');
    const seen = new Map<string, number>();
    for (const node of elements) {
      const index = (seen.get(node.name) ?? 0) + 1;
      seen.set(node.name, index);
      const several = elements.filter((other) => other.name === node.name).length > 1;
      const here = `${path}/${node.name}${several ? `[${index}]` : ''}`;
      if (node.name === 'p') {
        paragraphs.push(here);
        node.attrs = { id: `p-${paragraphs.length}`, ...node.attrs };
      }
      walk(node.children, here);
    }
  };
  walk(body, BODY_POINTER);
  const title = `${book.series.title}, chapter ${book.chapter.number}`;
  const xhtml =
    `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${book.language}" xml:lang="${book.language}">\n` +
    `<head><meta charset="utf-8"/><title>${xml(title)}</title></head>\n` +
    `<body>\n${body.map(serialize).join('\n')}\n</body>\n</html>\n`;
  return { xhtml, paragraphs };
}

/** The chapter's XHTML alone (what an EPUB holds), for apps that read it without the EPUB. */
export const chapterXhtml = (book: NovelBook) => chapterBody(book).xhtml;

/** The paragraph (1-based) a KOReader xpointer is in: its deepest step that is a paragraph's path. */
export function paragraphOf(pointer: string, paragraphs: string[]): number | null {
  // KOReader may write the spine item as DocFragment or DocFragment[1]; the steps after it are ours.
  const steps = pointer.replace(/^\/body\/DocFragment(?:\[1\])?\/body/, BODY_POINTER).split('/');
  for (let length = steps.length; length > 3; length--) {
    const found = paragraphs.indexOf(steps.slice(0, length).join('/'));
    if (found >= 0) return found + 1;
  }
  return null;
}

/** The xpointer KOReader opens for the start of a paragraph. */
export function pointerOf(paragraph: number, paragraphs: string[]): string {
  return paragraphs[Math.min(Math.max(paragraph, 1), paragraphs.length) - 1] ?? BODY_POINTER;
}

/**
 * A novel chapter as EPUB 3: the mimetype first and stored, the container, the package, the
 * navigation document and the chapter's one XHTML file. Nothing in it depends on when it is built.
 */
export function buildEpub(book: NovelBook): { bytes: Buffer; paragraphs: string[] } {
  const { xhtml, paragraphs } = chapterBody(book);
  const label = `${volumePrefix(book.chapter.volume)}Chapter ${book.chapter.number}${book.chapter.title ? `: ${book.chapter.title}` : ''}`;
  const modified = `${(book.chapter.publishedAt ?? '2000-01-01T00:00:00Z').slice(0, 19)}Z`;
  const container =
    `<?xml version="1.0" encoding="utf-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">` +
    `<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>\n`;
  const opf =
    `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id" xml:lang="${book.language}">\n` +
    `<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">\n` +
    `<dc:identifier id="id">urn:uuid:${book.id}</dc:identifier>\n` +
    `<dc:title>${xml(`${book.series.title}, ${label}`)}</dc:title>\n` +
    `<dc:language>${book.language}</dc:language>\n` +
    creatorsOf(book) +
    `<dc:source>${xml(book.chapter.url)}</dc:source>\n` +
    `<meta property="dcterms:modified">${modified}</meta>\n` +
    `<meta property="belongs-to-collection" id="series">${xml(book.series.title)}</meta>\n` +
    `<meta refines="#series" property="collection-type">series</meta>\n` +
    `<meta refines="#series" property="group-position">${book.chapter.number}</meta>\n` +
    volumeOf(book) +
    `</metadata>\n<manifest>\n` +
    `<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>\n` +
    `<item id="chapter" href="chapter.xhtml" media-type="application/xhtml+xml"/>\n` +
    `</manifest>\n<spine>\n<itemref idref="chapter"/>\n</spine>\n</package>\n`;
  const nav =
    `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE html>\n` +
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${book.language}" xml:lang="${book.language}">\n` +
    `<head><meta charset="utf-8"/><title>${xml(book.series.title)}</title></head>\n` +
    `<body><nav epub:type="toc" id="toc"><h1>${xml(book.series.title)}</h1><ol><li><a href="chapter.xhtml">${xml(label)}</a></li></ol></nav></body>\n</html>\n`;
  const bytes = deterministicZip([
    { name: 'mimetype', bytes: Buffer.from('application/epub+zip'), store: true },
    { name: 'META-INF/container.xml', bytes: Buffer.from(container) },
    { name: 'OEBPS/content.opf', bytes: Buffer.from(opf) },
    { name: 'OEBPS/nav.xhtml', bytes: Buffer.from(nav) },
    { name: 'OEBPS/chapter.xhtml', bytes: Buffer.from(xhtml) },
  ]);
  return { bytes, paragraphs };
}
