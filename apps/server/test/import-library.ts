// Libraries a publisher would import (issue 37 §1), built in a test: chapter archives with and
// without ComicInfo.xml, EPUBs (a novel with a table of contents, a fixed-layout comic), folders.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { zipSync } from 'fflate';
import { png } from './fixtures';

export type Files = Record<string, Uint8Array | string>;

const bytes = (content: Uint8Array | string) => (typeof content === 'string' ? new TextEncoder().encode(content) : content);

/** A .zip (a .cbz, an .epub, a library) of `files`, by their paths. */
export const zip = (files: Files): Buffer =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([path, content]) => [path, bytes(content)]))));

/** Writes `files` under `root`, making their folders. */
export async function writeTree(root: string, files: Files): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), bytes(content));
  }
}

/** A page: a real PNG, its colour telling pages apart. */
export const page = (shade: number) => png(8, 12, { r: shade, g: 100, b: 50 });

/** ComicInfo.xml with the given fields. */
export const comicInfo = (fields: Record<string, string | number>) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${Object.entries(
    fields,
  )
    .map(([name, value]) => `<${name}>${String(value).replace(/&/g, '&amp;')}</${name}>`)
    .join('')}</ComicInfo>`;

const CONTAINER = `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;

const xhtml = (body: string, title = 'x') =>
  `<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title><style>p{}</style></head><body>${body}</body></html>`;

/**
 * An EPUB 3 novel: a title page, then chapters 1 and 2 in one file (cut at anchors) and chapter 3 in
 * its own; a volume (2 unless told) of a collection, with creators, a language, a subject and a cover.
 */
export async function novelEpub({ position = 2 } = {}): Promise<Buffer> {
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:identifier id="id">urn:uuid:1</dc:identifier>
    <dc:title>The Quiet Sea, Book Two</dc:title>
    <dc:creator id="c1">Ana Lima</dc:creator>
    <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
    <dc:contributor opf:role="trl">John Doe</dc:contributor>
    <dc:language>pt-br</dc:language>
    <dc:subject>Fantasy</dc:subject>
    <dc:description>&lt;p&gt;A story of the &lt;b&gt;sea&lt;/b&gt;.&lt;/p&gt;</dc:description>
    <meta property="belongs-to-collection" id="s">The Quiet Sea</meta>
    <meta refines="#s" property="collection-type">series</meta>
    <meta refines="#s" property="group-position">${position}</meta>
  </metadata>
  <manifest>
    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <item id="cover" href="Images/cover.png" media-type="image/png" properties="cover-image"/>
    <item id="title" href="Text/title.xhtml" media-type="application/xhtml+xml"/>
    <item id="ch1" href="Text/chapter%201.xhtml" media-type="application/xhtml+xml"/>
    <item id="ch3" href="Text/ch3.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="title"/><itemref idref="ch1"/><itemref idref="ch3"/></spine>
</package>`;
  const nav = xhtml(
    `<nav epub:type="toc"><ol><li><a href="Text/chapter%201.xhtml#c1">Chapter 1: Waves</a></li><li><a href="Text/chapter%201.xhtml#c2">Chapter 2: Salt</a></li><li><a href="Text/ch3.xhtml">Chapter 3: Home</a></li></ol></nav>`,
  );
  return zip({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': opf,
    'OEBPS/nav.xhtml': nav,
    'OEBPS/Images/cover.png': new Uint8Array(await png(6, 9, { r: 1, g: 2, b: 3 })),
    'OEBPS/Text/title.xhtml': xhtml('<h1>The Quiet Sea</h1><p>Copyright nobody.</p>'),
    'OEBPS/Text/chapter 1.xhtml': xhtml(
      '<h1 id="c1">Waves</h1><p>The <i>first</i> wave.</p><div class="x"><span>Loose text</span></div><script>alert(1)</script><h2 id="c2">Salt</h2><p>The <b>second</b> &amp; salt.</p>',
    ),
    'OEBPS/Text/ch3.xhtml': xhtml(
      '<section><h2>Home</h2><p>Back <a href="https://example.com">home</a>.<img src="x.png"/></p></section>',
    ),
  });
}

/** An EPUB 2 novel with an NCX and no numbers in its labels; no nav, no collection. */
export function ncxNovelEpub(): Buffer {
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>Storm Tales</dc:title><dc:creator opf:role="aut">Rui Costa &amp; Eva Dias</dc:creator><dc:language>en</dc:language>
    <meta name="calibre:series" content="Storm Saga"/><meta name="calibre:series_index" content="3"/>
  </metadata>
  <manifest>
    <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
    <item id="a" href="a.xhtml" media-type="application/xhtml+xml"/>
    <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine toc="ncx"><itemref idref="a"/><itemref idref="b"/></spine>
</package>`;
  const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
    <navPoint id="p1" playOrder="1"><navLabel><text>Prologue</text></navLabel><content src="a.xhtml"/></navPoint>
    <navPoint id="p2" playOrder="2"><navLabel><text>The Storm</text></navLabel><content src="b.xhtml"/></navPoint>
  </navMap></ncx>`;
  return zip({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': opf,
    'OEBPS/toc.ncx': ncx,
    'OEBPS/a.xhtml': xhtml('<p>Before the storm.</p>'),
    'OEBPS/b.xhtml': xhtml('<p>The storm.</p>'),
  });
}

/** A comic EPUB: each page a document showing one image; fixed-layout, or said by nothing but its pages. */
export async function comicEpub(pages: number, { fixedLayout = true } = {}): Promise<Buffer> {
  const files: Files = { mimetype: 'application/epub+zip', 'META-INF/container.xml': CONTAINER };
  const items: string[] = [];
  const refs: string[] = [];
  for (let index = 1; index <= pages; index++) {
    files[`OEBPS/Images/p${index}.png`] = new Uint8Array(await page(10 * index));
    files[`OEBPS/Text/p${index}.xhtml`] = xhtml(
      fixedLayout
        ? `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="../Images/p${index}.png"/></svg>`
        : `<div><img src="../Images/p${index}.png" alt=""/></div>`,
    );
    items.push(`<item id="p${index}" href="Text/p${index}.xhtml" media-type="application/xhtml+xml"/>`);
    items.push(
      `<item id="i${index}" href="Images/p${index}.png" media-type="image/png"${index === 1 ? ' properties="cover-image"' : ''}/>`,
    );
    refs.push(`<itemref idref="p${index}"/>`);
  }
  files['OEBPS/content.opf'] = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Picture Book</dc:title>${fixedLayout ? '<meta property="rendition:layout">pre-paginated</meta>' : ''}</metadata>
  <manifest>${items.join('')}</manifest><spine>${refs.join('')}</spine>
</package>`;
  return zip(files);
}

/** An EPUB with neither nav nor NCX: its chapters are its spine's documents, named by their headings. */
export function spineOnlyEpub(): Buffer {
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Plain</dc:title></metadata>
  <manifest><item id="a" href="a.html" media-type="application/xhtml+xml"/><item id="b" href="b.html" media-type="application/xhtml+xml"/><item id="c" href="c.html" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="a"/><itemref idref="b" linear="no"/><itemref idref="c"/></spine>
</package>`;
  return zip({
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': CONTAINER,
    'OEBPS/content.opf': opf,
    'OEBPS/a.html': xhtml('<h1>One &amp; Only</h1><p>First.</p>'),
    'OEBPS/b.html': xhtml('<p>An aside, out of the reading order.</p>'),
    'OEBPS/c.html': xhtml('<h2>Two</h2><ul><li>a</li><li><p>b</p></li></ul><blockquote><p>Said.</p></blockquote><hr/>'),
  });
}
