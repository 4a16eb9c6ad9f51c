import { DomUtils, parseDocument } from 'htmlparser2';

// The DOM's types through htmlparser2 itself: domhandler is its dependency, not ours.
export type XmlDocument = ReturnType<typeof parseDocument>;
export type XmlElement = ReturnType<typeof DomUtils.findAll>[number];

/** Parses XML (ComicInfo, container.xml, an OPF, an NCX) keeping names' case; entities decoded. */
export const parseXml = (text: string): XmlDocument =>
  parseDocument(text.replace(/^\uFEFF/, ''), { xmlMode: true, decodeEntities: true });

/** An element's name without its namespace prefix (`dc:title` → `title`), in lower case. */
export const localName = (element: XmlElement) => element.name.replace(/^.*:/, '').toLowerCase();

/** Every element named `name` (any prefix, any case), in document order. */
export const elementsNamed = (root: XmlDocument | XmlElement, name: string): XmlElement[] =>
  DomUtils.findAll((element) => localName(element) === name, root.children);

/** An attribute by its local name (`opf:role` and `role` alike). */
export function attribute(element: XmlElement, name: string): string | undefined {
  for (const [key, value] of Object.entries(element.attribs)) {
    if (key.replace(/^.*:/, '').toLowerCase() === name) return value;
  }
  return undefined;
}

export const textOf = (element: XmlElement | undefined): string =>
  element ? DomUtils.textContent(element).replace(/\s+/g, ' ').trim() : '';

/** The text of the first element named `name`, or ''. */
export const firstText = (root: XmlDocument | XmlElement, name: string) => textOf(elementsNamed(root, name)[0]);

/** Text that may hold markup (an OPF's description often does): its words only. */
export const plainText = (text: string) => textOf(parseDocument(`<div>${text}</div>`).children[0] as XmlElement);

/** An element's own child elements (text and comments left out). */
export const childElements = (element: XmlElement): XmlElement[] =>
  element.children.filter((node): node is XmlElement => 'name' in node && 'attribs' in node);
