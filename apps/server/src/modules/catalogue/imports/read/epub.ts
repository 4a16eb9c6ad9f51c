import { NOVEL_TEXT_MAX_CHARS } from '@inkwell/contract';
import { baseName, ImportReadError } from './failures';
import { readPackage, packagePath, resolveHref, type ManifestItem, type Package } from './opf';
import { documentShape, hasText, renderXhtml } from './xhtml';
import { attribute, elementsNamed, parseXml, plainText, textOf } from './xml';
import type { OpenZip, ZipMember } from './zip';

interface NovelPart {
  /** Its table-of-contents label (or its first heading, from the spine). */
  label: string;
  html: string;
  /** Set when the part cannot be taken (too long): it fails alone. */
  tooLong: boolean;
}

export interface EpubBook {
  pkg: Package;
  /** A novel's chapters, along its table of contents (else its spine)… */
  parts: NovelPart[];
  /** … or a comic's pages, when its documents are just images (or it is fixed-layout). */
  pages: ZipMember[];
  cover: ZipMember | undefined;
}

interface TocPoint {
  label: string;
  path: string;
  anchor: string | null;
}

const IMAGE_TYPE = /^image\/(jpeg|png|webp|avif|gif)$/;

/** Reads an EPUB: its package, then its text split into chapters, or its pages. */
export async function readEpub(zip: OpenZip, label: string): Promise<EpubBook> {
  const name = baseName(label);
  const byPath = new Map(zip.members.filter((member) => !member.unsafe).map((member) => [member.name, member]));
  const byLowerPath = new Map([...byPath].map(([path, member]) => [path.toLowerCase(), member]));
  const member = (path: string) => byPath.get(path) ?? byLowerPath.get(path.toLowerCase());
  const text = async (path: string) => (await member(path)?.read())?.toString('utf8');

  const unsafe = zip.members.find((candidate) => candidate.unsafe);
  if (unsafe) throw new ImportReadError('apiErrors.imports.unsafePath', { path: `${label}/${unsafe.name.slice(0, 120)}` });
  const container = await text('META-INF/container.xml');
  const opfPath = container && packagePath(container);
  const opf = opfPath && (await text(opfPath));
  if (!opfPath || !opf) throw new ImportReadError('apiErrors.imports.epubBroken', { name });
  const pkg = readPackage(opf, opfPath);
  const coverMember = pkg.cover && IMAGE_TYPE.test(pkg.cover.mediaType) ? member(pkg.cover.path) : undefined;
  if (pkg.spine.length === 0) throw new ImportReadError('apiErrors.imports.epubNoContent', { name });

  // Each spine document once: whether it has words, and which images it shows.
  const documents = new Map<string, string>();
  for (const item of pkg.spine) {
    if (!IMAGE_TYPE.test(item.mediaType)) documents.set(item.path, (await text(item.path)) ?? '');
  }
  const shapes = new Map([...documents].map(([path, xhtml]) => [path, documentShape(xhtml)]));
  const isImagePage = (item: ManifestItem) =>
    IMAGE_TYPE.test(item.mediaType) || (shapes.get(item.path)?.text === false && (shapes.get(item.path)?.images.length ?? 0) > 0);

  // A comic's few words (a credits page) do not make it a novel; a novel's few illustrations do not make it a comic.
  if (pkg.fixedLayout || pkg.spine.filter(isImagePage).length >= 0.75 * pkg.spine.length) {
    const pages = comicPages(pkg.spine, shapes, member);
    if (pages.length === 0) throw new ImportReadError('apiErrors.imports.epubNoContent', { name });
    return { pkg, parts: [], pages, cover: coverMember };
  }

  const toc = await tableOfContents(pkg, text);
  let parts = splitAlong(toc, pkg.spine, documents);
  if (parts.length === 0) parts = pkg.spine.flatMap((item) => spinePart(documents.get(item.path)));
  if (parts.length === 0) throw new ImportReadError('apiErrors.imports.epubNoContent', { name });
  return { pkg, parts, pages: [], cover: coverMember };
}

/** A comic EPUB's pages: each spine item that is an image, or the images its document shows. */
function comicPages(
  spine: ManifestItem[],
  shapes: Map<string, { images: string[] }>,
  member: (path: string) => ZipMember | undefined,
) {
  const pages: ZipMember[] = [];
  const seen = new Set<string>();
  for (const item of spine) {
    const paths = IMAGE_TYPE.test(item.mediaType)
      ? [item.path]
      : (shapes.get(item.path)?.images ?? []).map((src) => resolveHref(item.path, src));
    for (const path of paths) {
      const found = member(path);
      if (found && !seen.has(found.name)) {
        seen.add(found.name);
        pages.push(found);
      }
    }
  }
  return pages;
}

/** The table of contents, flat and in reading order: EPUB 3's nav, else EPUB 2's NCX. */
async function tableOfContents(pkg: Package, text: (path: string) => Promise<string | undefined>): Promise<TocPoint[]> {
  const point = (base: string, label: string, href: string): TocPoint => ({
    label: label.slice(0, 200),
    path: resolveHref(base, href),
    anchor: href.includes('#') ? decodeURIComponent(href.slice(href.indexOf('#') + 1)) : null,
  });
  let points: TocPoint[] = [];
  const navXhtml = pkg.nav && (await text(pkg.nav.path));
  if (pkg.nav && navXhtml) {
    const document = parseXml(navXhtml);
    const navs = elementsNamed(document, 'nav');
    const toc = navs.find((nav) => attribute(nav, 'type') === 'toc') ?? navs[0];
    if (toc) {
      points = elementsNamed(toc, 'a')
        .filter((link) => attribute(link, 'href'))
        .map((link) => point(pkg.nav!.path, textOf(link), attribute(link, 'href')!));
    }
  }
  const ncxXml = points.length === 0 && pkg.ncx ? await text(pkg.ncx.path) : undefined;
  if (pkg.ncx && ncxXml) {
    points = elementsNamed(parseXml(ncxXml), 'navpoint').flatMap((navPoint) => {
      const content = elementsNamed(navPoint, 'content')[0];
      const src = content && attribute(content, 'src');
      return src ? [point(pkg.ncx!.path, textOf(elementsNamed(navPoint, 'navlabel')[0]), src)] : [];
    });
  }
  // A part and its first chapter often point at the same place: keep the deeper, more precise one.
  return points.filter((entry, index) => {
    const next = points[index + 1];
    return !next || next.path !== entry.path || next.anchor !== entry.anchor;
  });
}

/**
 * The book's text cut at each table-of-contents point: a chapter runs from its point to the next,
 * across documents if it must. What comes before the first point (title page, copyright) is left
 * out, and so are points that hold no words (a cover, a part's title page).
 */
function splitAlong(toc: TocPoint[], spine: ManifestItem[], documents: Map<string, string>): NovelPart[] {
  const chapters = toc.map((point) => ({ label: point.label, pieces: [] as string[] }));
  let current = -1;
  for (const item of spine) {
    const xhtml = documents.get(item.path);
    if (xhtml === undefined) continue;
    const here = toc.flatMap((point, index) => (point.path === item.path ? [{ point, index }] : []));
    const atStart = here.find(({ point }) => point.anchor === null);
    if (atStart) current = atStart.index;
    const anchors = new Map(here.filter(({ point }) => point.anchor !== null).map(({ point, index }) => [point.anchor!, index]));
    for (const segment of renderXhtml(xhtml, new Set(anchors.keys()))) {
      if (segment.id !== null) current = anchors.get(segment.id) ?? current;
      if (current >= 0) chapters[current]!.pieces.push(segment.html);
    }
  }
  return chapters.map((chapter) => part(chapter.label, chapter.pieces.join('\n'))).filter((chapter) => hasText(chapter.html));
}

const part = (label: string, html: string): NovelPart => ({ label, html, tooLong: html.length > NOVEL_TEXT_MAX_CHARS });

/** A spine document as one chapter, named by its first heading. */
function spinePart(xhtml: string | undefined): NovelPart[] {
  if (!xhtml) return [];
  const html = renderXhtml(xhtml)
    .map((segment) => segment.html)
    .join('\n');
  if (!hasText(html)) return [];
  const heading = /<h[234]>(.*?)<\/h[234]>/.exec(html)?.[1] ?? '';
  return [part(plainText(heading).slice(0, 200), html)];
}
