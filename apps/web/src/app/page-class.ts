import { matchRoutes, type RouteObject } from 'react-router';

// Issue 32 §1: the server keys the pages it shares by what this router matched, not by a pattern
// of its own. The router matches paths without regard to case and after percent-decoding, so a
// server that read the series from the raw path with a case-sensitive pattern could be handed
// `/seriesview/…`, fail to see the series, and share one reader's page with their whole class.

/** A page as the routes know it: where it lives and which series and chapter it shows. */
export interface PageClass {
  /** The path as the routes spell it: their literal segments, and each parameter encoded once. */
  path: string;
  /** The series the page shows (decoded), when it shows one. */
  seriesSlug?: string;
  /** The chapter it shows, in that series. */
  chapterSlug?: string;
}

/**
 * The page a URL (path and query) is, by the same match the renderer draws it with; null for a
 * path no route names (the not-found catch-all, or a path that is not one at all): the server
 * never shares such a page between readers.
 */
export function classifyPage(routes: RouteObject[], url: string): PageClass | null {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  // `//host/…` is a URL of another host to the URL parser: never a page of ours.
  if (!pathname.startsWith('/') || pathname.startsWith('//')) return null;
  try {
    decodeURIComponent(pathname);
  } catch {
    return null; // a malformed percent-encoding, which the router would take as it stands
  }
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  const pattern = matches
    .map((match) => match.route.path)
    .filter((path): path is string => Boolean(path))
    .join('/');
  if (pattern.includes('*')) return null;
  const params = matches[matches.length - 1]!.params;
  const path = `/${pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1)] ?? '') : segment))
    .join('/')}`;
  return {
    path,
    ...(params.seriesSlug !== undefined ? { seriesSlug: params.seriesSlug } : {}),
    ...(params.chapterSlug !== undefined ? { chapterSlug: params.chapterSlug } : {}),
  };
}
