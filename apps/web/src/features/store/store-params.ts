/**
 * What the store's pages read from their URL. The reader's locked-chapter panel sends a reader
 * here with `?returnTo=<the chapter's path>&unlock=<chapterId>`; anything that is not a path of
 * this site or not an id is dropped rather than sent on (the server would refuse it).
 */

/** The contract's rule for returnTo: a path of this site, never another origin (`//host`, `/\host`). */
const SITE_PATH = /^\/(?![/\\])[^\s]*$/;
const RETURN_TO_MAX = 500;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readReturnTo(params: URLSearchParams): string | undefined {
  const value = params.get('returnTo');
  return value && value.length <= RETURN_TO_MAX && SITE_PATH.test(value) ? value : undefined;
}

export function readUnlockChapterId(params: URLSearchParams): string | undefined {
  const value = params.get('unlock');
  return value && UUID.test(value) ? value : undefined;
}
