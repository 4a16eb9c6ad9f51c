// The chapter rules the server and the web app both apply, each written once (issue 34 §2). Their
// SQL twins are the chapters module's `chapterIsOut` and `chapterForSale`: change both together.

/** A moment as the server holds it (Date) or as the API sends it (ISO string). */
type Moment = Date | string;

const time = (moment: Moment) => (typeof moment === 'string' ? Date.parse(moment) : moment.getTime());

/** A chapter is out at `now` once its release time has come: never a draft (no time) nor a scheduled one. */
export function isChapterOut(chapter: { publishedAt: Moment | null }, now: Date): boolean {
  return chapter.publishedAt !== null && time(chapter.publishedAt) <= now.getTime();
}

/**
 * A chapter is for sale at `now` while its price still applies to someone: priced and not yet free
 * (early access until `freeAt`, or for good without one). Whether this reader holds it is the
 * wallet's (an unlock, a running rental) or their pass's.
 */
export function isChapterForSale(chapter: { price: number; freeAt: Moment | null }, now: Date): boolean {
  return chapter.price > 0 && (chapter.freeAt === null || time(chapter.freeAt) > now.getTime());
}
