import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { announcementErrorPage, announcementQueryOptions, announcementsQueryOptions } from '../features/announcements/api';
import { homeQueryOptions } from '../features/catalogue/api/get-home';
import { seriesErrorPage, seriesQueryOptions } from '../features/catalogue/api/get-series';
import { genresQueryOptions } from '../features/catalogue/api/list-genres';
import { isAskable, seriesListQueryFor, seriesListQueryOptions, type CatalogueKind } from '../features/catalogue/api/list-series';
import { continueReadingQueryOptions } from '../features/library/api/history';
import { chapterErrorPage, chapterQueryOptions, myChapterOffersQueryOptions } from '../features/reader/api/get-chapter';
import { mySubscriptionQueryOptions } from '../features/store/api/get-subscription';
import { coinPackagesQueryOptions } from '../features/store/api/list-coin-packages';
import { plansQueryOptions } from '../features/store/api/list-plans';
import { readerCurrency } from '../features/store/reader-currency';
import { sessionQueryOptions } from '../lib/auth/session-query';
import { siteSettingsQueryOptions } from '../lib/site-settings';
import { seriesProgressQueryOptions } from '../lib/library/series-progress';
import { editionOf } from '../lib/edition';
import { isSharedRender, type OwnCall } from '../lib/render-scope';
import { personalLoad } from './reader-data';

/** A reader's own query fetched afresh, or in a page shared by their class left out for their part. */
const ownFetch = <T, K extends QueryKey>(client: QueryClient, query: FetchQueryOptions<T, Error, T, K> & { ownCall: OwnCall }) =>
  personalLoad(query, () => client.fetchQuery(query));

// Route loaders of the public pages (DESIGN §6): they run beside the page's lazy chunk, so code
// and data load in parallel, and they prime the TanStack Query cache the pages read with useQuery.
// They return nothing of their own; the cache is the one source.

/**
 * Waits for every load; a failure is left to the page, which shows it with a retry (the query
 * is in its error state), except "not found", which the loader turns into the error page.
 */
async function settle(loads: (Promise<unknown> | null)[]): Promise<null> {
  await Promise.allSettled(loads);
  return null;
}

/** Loads one query and, when its error means "no such page", goes to that error page instead. */
async function orErrorPage(load: Promise<unknown>, errorPage: (error: unknown) => string | null): Promise<void> {
  try {
    await load;
  } catch (error) {
    const code = errorPage(error);
    if (code) throw redirect(`/errorPage?error=${code}`);
  }
}

/**
 * Home greets a signed-in reader by name and shows their "Continue reading" row: it waits for
 * the session, and the reader's row, as well as its data.
 */
export const homeLoader =
  (client: QueryClient): LoaderFunction =>
  () => {
    const session = client.ensureQueryData(sessionQueryOptions());
    // Not a personalLoad: the row sits above the catalogue, and arriving after the page it would
    // push it down; so a signed-in reader's home is drawn for them alone (page-renderer.ts).
    const row = session.then((user) => (user ? client.ensureQueryData(continueReadingQueryOptions()) : null));
    // Home's news block is drawn with the page, never after it.
    const news = client.ensureQueryData(announcementsQueryOptions(1));
    return settle([client.ensureQueryData(homeQueryOptions()), news, session, row]);
  };

/** An announcement; an unknown, draft or scheduled one goes to the error page. */
export const announcementLoader =
  (client: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await orErrorPage(client.ensureQueryData(announcementQueryOptions(params.slug ?? '')), announcementErrorPage);
    return null;
  };

export const catalogueLoader =
  (client: QueryClient, kind: CatalogueKind): LoaderFunction =>
  ({ request }) => {
    const query = seriesListQueryFor(kind, new URL(request.url).searchParams);
    return settle([
      // The results page without a search yet has no list to load.
      isAskable(kind, query) ? client.ensureQueryData(seriesListQueryOptions(query)) : null,
      client.ensureQueryData(genresQueryOptions()),
    ]);
  };

/**
 * The series page, in the edition its address asks for (`?lang=`, issue 35 §2), also waits for the
 * session (a reader's bulk unlock sits above the chapters) and for a reader's progress in it.
 */
export const seriesLoader =
  (client: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    const session = client.ensureQueryData(sessionQueryOptions());
    const lang = editionOf(new URL(request.url).searchParams);
    const series = client.ensureQueryData(seriesQueryOptions(params.seriesSlug ?? '', lang));
    await orErrorPage(series, seriesErrorPage);
    // A reader's Continue, read marks and bookmark, fresh (they may have read on another device), so nothing moves.
    const progress = Promise.all([session, series]).then(([user, { id }]) =>
      user ? ownFetch(client, seriesProgressQueryOptions(id)) : null,
    );
    return settle([session, progress]);
  };

/** The reader, in the edition its address asks for, also waits for the session: a locked chapter offers a visitor to log in. */
export const readerLoader =
  (client: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    const session = client.ensureQueryData(sessionQueryOptions());
    const [slug, chapterSlug] = [params.seriesSlug ?? '', params.chapterSlug ?? ''];
    const lang = editionOf(new URL(request.url).searchParams);
    const chapter = client.ensureQueryData(chapterQueryOptions(slug, chapterSlug, lang));
    await orErrorPage(chapter, chapterErrorPage);
    // A page shared by a class of readers carries the class's offers; each reader's part brings
    // their own (a pass recharging). Anywhere else the chapter's answer already has them.
    const offers = Promise.all([session, chapter]).then(([user, { offers }]) =>
      user && offers.length > 0 && isSharedRender() ? ownFetch(client, myChapterOffersQueryOptions(slug, chapterSlug)) : null,
    );
    return settle([session, offers]);
  };

/** The coin store waits for the session too: a reader gets Buy buttons, a visitor "Log in to buy". */
export const coinStoreLoader =
  (client: QueryClient): LoaderFunction =>
  () =>
    settle([client.ensureQueryData(coinPackagesQueryOptions(readerCurrency())), client.ensureQueryData(sessionQueryOptions())]);

/** The plans, and for a signed-in reader their subscription (the plan they have is marked). */
export const planStoreLoader =
  (client: QueryClient): LoaderFunction =>
  () =>
    settle([
      client.ensureQueryData(plansQueryOptions(readerCurrency())),
      client.ensureQueryData(sessionQueryOptions()).then((user) => {
        const query = mySubscriptionQueryOptions();
        return user ? personalLoad(query, () => client.ensureQueryData(query)) : null;
      }),
    ]);

/**
 * Filters, sorts and pages change only the query string: the page refetches in place (keeping the
 * previous list on screen) instead of a route load with the full-screen loader.
 */
export const onlyOnNewPath: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname ? defaultShouldRevalidate : false;

/**
 * The public pages' frame: the site's name, links and contacts (top bar and footer) arrive with
 * the first page, so a page rendered on the server has them (issue 11 §1). Loaded once; the query
 * keeps them fresh after.
 */
export const publicLayoutLoader =
  (client: QueryClient): LoaderFunction =>
  () =>
    settle([client.ensureQueryData(siteSettingsQueryOptions())]);

export const onlyOnce: ShouldRevalidateFunction = () => false;
