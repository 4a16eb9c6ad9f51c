/** The part of jsdom the feed tests use to parse XML (a parse error is a document of its own); it ships no types. */
declare module 'jsdom' {
  interface XmlElement {
    namespaceURI: string | null;
    textContent: string | null;
    getAttribute(name: string): string | null;
    getAttributeNS(namespace: string, name: string): string | null;
    getElementsByTagName(name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
    getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
    querySelector(selector: string): XmlElement | null;
  }
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: string });
    window: { document: XmlElement & { documentElement: XmlElement } };
  }
}
