import type { CreditRole } from '@inkwell/contract';
import type { PlannedCredit } from '../plan';
import { splitList, splitNames, uniqueCredits } from './credits';
import { chapterNumber } from './filenames';
import { defined, languageOf, nonEmpty, type ChapterHints, type SeriesHints } from './hints';
import { attribute, elementsNamed, firstText, parseXml, plainText, textOf, type XmlDocument } from './xml';

/** MARC relator codes an OPF gives its creators, as our credits name them; any other is "other". */
const RELATORS: Record<string, CreditRole> = {
  aut: 'writer',
  wri: 'writer',
  ill: 'artist',
  art: 'artist',
  pnc: 'artist',
  clr: 'artist',
  cov: 'artist',
  trl: 'translator',
  edt: 'editor',
  lettering: 'letterer',
};

export interface ManifestItem {
  id: string;
  /** Its path inside the EPUB, resolved against the OPF's folder. */
  path: string;
  mediaType: string;
  properties: string[];
}

export interface Package {
  series: SeriesHints;
  chapter: ChapterHints;
  /** calibre:series or belongs-to-collection: this book is one volume of that series. */
  collection: { title: string; index: number | null } | null;
  manifest: Map<string, ManifestItem>;
  /** The reading order (linear items only). */
  spine: ManifestItem[];
  nav: ManifestItem | undefined;
  ncx: ManifestItem | undefined;
  cover: ManifestItem | undefined;
  /** rendition:layout pre-paginated: a fixed-layout book, a comic's pages. */
  fixedLayout: boolean;
}

/** `href` (URL-escaped, maybe with a fragment) from the file at `base`, as a path inside the EPUB. */
export function resolveHref(base: string, href: string): string {
  const clean = decodeURIComponentSafe(href.split('#')[0] ?? '');
  const parts = base.split('/').slice(0, -1);
  for (const part of clean.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const decodeURIComponentSafe = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** Where container.xml says the package (OPF) is. */
export function packagePath(containerXml: string): string | undefined {
  const rootfile = elementsNamed(parseXml(containerXml), 'rootfile').find(
    (element) => (attribute(element, 'media-type') ?? 'application/oebps-package+xml') === 'application/oebps-package+xml',
  );
  return rootfile && attribute(rootfile, 'full-path');
}

/** The `<meta>`s of EPUB 3 that refine an element (`refines="#id"`), by property. */
function refinements(document: XmlDocument, id: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (!id) return found;
  for (const meta of elementsNamed(document, 'meta')) {
    const property = attribute(meta, 'property');
    if (attribute(meta, 'refines') === `#${id}` && property && !found.has(property)) found.set(property, textOf(meta));
  }
  return found;
}

/** An EPUB's package document: its metadata (as series and chapter hints), manifest, spine and cover. */
export function readPackage(opfXml: string, opfPath: string): Package {
  const document = parseXml(opfXml);
  const metaNamed = (name: string) =>
    elementsNamed(document, 'meta').find((meta) => attribute(meta, 'name') === name && meta.attribs.content !== undefined)
      ?.attribs.content;
  const metaProperty = (property: string) =>
    elementsNamed(document, 'meta').find((meta) => attribute(meta, 'property') === property);

  const credits: PlannedCredit[] = [];
  for (const creator of [...elementsNamed(document, 'creator'), ...elementsNamed(document, 'contributor')]) {
    const code = (attribute(creator, 'role') ?? refinements(document, attribute(creator, 'id')).get('role') ?? 'aut')
      .trim()
      .toLowerCase();
    const role = Object.hasOwn(RELATORS, code) ? RELATORS[code]! : 'other';
    credits.push(...splitNames(textOf(creator)).map((name) => ({ role, name })));
  }

  const manifest = new Map<string, ManifestItem>();
  for (const item of elementsNamed(document, 'item')) {
    const id = attribute(item, 'id');
    const href = attribute(item, 'href');
    if (!id || !href) continue;
    manifest.set(id, {
      id,
      path: resolveHref(opfPath, href),
      mediaType: (attribute(item, 'media-type') ?? '').toLowerCase(),
      properties: (attribute(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spineElement = elementsNamed(document, 'spine')[0];
  const spine = elementsNamed(document, 'itemref')
    .filter((ref) => attribute(ref, 'linear') !== 'no')
    .map((ref) => manifest.get(attribute(ref, 'idref') ?? ''))
    .filter((item): item is ManifestItem => item !== undefined);
  const items = [...manifest.values()];
  const coverId = metaNamed('cover');
  const cover =
    items.find((item) => item.properties.includes('cover-image')) ??
    (coverId ? (manifest.get(coverId) ?? items.find((item) => item.path.endsWith(coverId))) : undefined);

  const calibreSeries = metaNamed('calibre:series');
  const collectionMeta = elementsNamed(document, 'meta').find((meta) => attribute(meta, 'property') === 'belongs-to-collection');
  const collectionTitle = calibreSeries ?? (collectionMeta ? textOf(collectionMeta) : undefined);
  const collectionIndex = calibreSeries
    ? chapterNumber(metaNamed('calibre:series_index'))
    : chapterNumber(refinements(document, collectionMeta && attribute(collectionMeta, 'id')).get('group-position'));
  const title = firstText(document, 'title').slice(0, 200);
  const language = languageOf(firstText(document, 'language'));
  const subjects = elementsNamed(document, 'subject').flatMap((subject) => splitList(textOf(subject)));

  return {
    series: defined<SeriesHints>({
      // A book outside a collection is one volume of its folder's series: its title is the chapter's.
      title: collectionTitle?.slice(0, 200),
      description: plainText(firstText(document, 'description')).slice(0, 5000),
      genres: nonEmpty(subjects),
      credits: nonEmpty(uniqueCredits(credits)),
      language,
    }),
    chapter: defined<ChapterHints>({
      title,
      volume: collectionIndex ?? undefined,
      credits: nonEmpty(uniqueCredits(credits)),
      language,
    }),
    collection: collectionTitle ? { title: collectionTitle, index: collectionIndex } : null,
    manifest,
    spine,
    nav: items.find((item) => item.properties.includes('nav')),
    ncx:
      manifest.get((spineElement && attribute(spineElement, 'toc')) ?? '') ??
      items.find((item) => item.mediaType === 'application/x-dtbncx+xml'),
    cover,
    // EPUB 3 says so in a property; older fixed-layout books (Apple's, Kindle's) in a named meta.
    fixedLayout: textOf(metaProperty('rendition:layout')) === 'pre-paginated' || metaNamed('fixed-layout') === 'true',
  };
}
