/**
 * The permission matrix of the pages (issue 10 §4): every route of SPEC §2 (and the extra pages of
 * router.tsx) × who opens it, and what they get. Written out by hand, not read from the router's
 * guards, so it is a second statement of the rules; src/app/page-matrix.test.tsx opens each cell
 * with the real router (a memory router) and the session mocked at the fetch edge.
 *
 * Columns: visitor (no session) · reader · translator (a reader on the team of the series
 * {seriesId}, issue 37 §3) · premium (a reader with a plan that includes premium) · editor · admin.
 *
 * Cells:
 *   page                    the page itself: the address stays and the page's heading (last column) shows
 *   home                    sent to / (the sign-in and sign-up pages, for someone signed in)
 *   series_list             sent to /Dashboard/Series/Series (a series' team member's dashboard)
 *
 * A translator opens their series' Team page, which says the server's refusal of its list (the
 * team is its creator's and the admins' to see), as any dashboard page says a call it is refused.
 *   unauthorized, forbidden, not_found, series_not_found, announcement_not_found
 *                           sent to /errorPage?error=<that code>
 *
 * `lantern`, `chapter-2` and `news` are a series, chapter and announcement the mocked API knows;
 * `gone` is one it answers 404 for; {seriesId}, {announcementId}, {userId} and {purchaseId} are
 * filled in with ids it knows. A heading matches when the page
 * has one that starts with it (tags may follow a name); {username} is the signed-in user's.
 *
 * Whose things a page shows (another reader's purchase at /buy/checkout/{purchaseId}) is the
 * server's call, not a guard's: see the readerB column of apps/server/test/permission-matrix.ts.
 */
export const PAGE_MATRIX = `
route                                                       | visitor                | reader                 | translator             | premium                | editor                 | admin                  | heading
# Public
/                                                           | page                   | page                   | page                   | page                   | page                   | page                   | Latest updates
/login                                                      | page                   | home                   | home                   | home                   | home                   | home                   | Log in
/register                                                   | page                   | home                   | home                   | home                   | home                   | home                   | Create your account
/register/confirm                                           | page                   | page                   | page                   | page                   | page                   | page                   | Finish creating your account
/email-change/confirm                                       | page                   | page                   | page                   | page                   | page                   | page                   | Confirm your new e-mail address
/email-change/undo                                          | page                   | page                   | page                   | page                   | page                   | page                   | Secure your account
/forgot-password                                            | page                   | page                   | page                   | page                   | page                   | page                   | Forgot your password?
/reset-password                                             | page                   | page                   | page                   | page                   | page                   | page                   | Reset your password
/buy/coins                                                  | page                   | page                   | page                   | page                   | page                   | page                   | Coin store
/buy/store                                                  | page                   | page                   | page                   | page                   | page                   | page                   | Coin store
/buy/subscriptions                                          | page                   | page                   | page                   | page                   | page                   | page                   | Subscriptions
/premium                                                    | page                   | page                   | page                   | page                   | page                   | page                   | Premium
/comics                                                     | page                   | page                   | page                   | page                   | page                   | page                   | Comics
/novels                                                     | page                   | page                   | page                   | page                   | page                   | page                   | Novels
/search                                                     | page                   | page                   | page                   | page                   | page                   | page                   | Search
/browse                                                     | page                   | page                   | page                   | page                   | page                   | page                   | All series
/errorPage?error=not_found                                  | page                   | page                   | page                   | page                   | page                   | page                   | Page not found
/announcements                                              | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found |
/announcements/news                                         | page                   | page                   | page                   | page                   | page                   | page                   | Chapter 100 is out
/announcements/gone                                         | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found | announcement_not_found |
/SeriesView                                                 | series_not_found       | series_not_found       | series_not_found       | series_not_found       | series_not_found       | series_not_found       |
/SeriesView/lantern                                         | page                   | page                   | page                   | page                   | page                   | page                   | The Lantern Keeper
/seriesView/lantern                                         | page                   | page                   | page                   | page                   | page                   | page                   | The Lantern Keeper
/SeriesView/gone                                            | series_not_found       | series_not_found       | series_not_found       | series_not_found       | series_not_found       | series_not_found       |
/SeriesView/lantern/chapter-2                               | page                   | page                   | page                   | page                   | page                   | page                   | The Lantern Keeper
/follow                                                     | page                   | page                   | page                   | page                   | page                   | page                   | Follow new chapters in a feed reader
/follow/lantern                                             | page                   | page                   | page                   | page                   | page                   | page                   | Follow The Lantern Keeper in a feed reader
/year/gone                                                  | page                   | page                   | page                   | page                   | page                   | page                   | This reading year is not shared.
/no/such/page                                               | not_found              | not_found              | not_found              | not_found              | not_found              | not_found              |
# The built-in test checkout (a signed-in buyer's)
/buy/checkout/{purchaseId}                                  | unauthorized           | page                   | page                   | page                   | page                   | page                   | Checkout
# Reader's Area
/profile/me                                                 | unauthorized           | page                   | page                   | page                   | page                   | page                   | {username}
/profile/bookmarks                                          | unauthorized           | page                   | page                   | page                   | page                   | page                   | Bookmarks
/profile/history                                            | unauthorized           | page                   | page                   | page                   | page                   | page                   | History
/profile/stats                                              | unauthorized           | page                   | page                   | page                   | page                   | page                   | Your year in reading
/profile/subscriptions                                      | unauthorized           | page                   | page                   | page                   | page                   | page                   | Subscription
/profile/purchases                                          | unauthorized           | page                   | page                   | page                   | page                   | page                   | Purchases and coins
/profile/earnings                                           | unauthorized           | page                   | page                   | page                   | page                   | page                   | Earnings
/profile/devices                                            | unauthorized           | page                   | page                   | page                   | page                   | page                   | Apps and devices
/profile/downloads                                           | unauthorized           | page                   | page                   | page                   | page                   | page                   | Downloads
/profile/notifications                                      | unauthorized           | page                   | page                   | page                   | page                   | page                   | Notifications
/account/payouts                                            | unauthorized           | page                   | page                   | page                   | page                   | page                   | Payouts
/account/payouts/2026-10                                    | unauthorized           | page                   | page                   | page                   | page                   | page                   | Payout statement: October 2026
/account/payouts/test-onboarding                            | unauthorized           | page                   | page                   | page                   | page                   | page                   | Connect a payout account
/protect/segure/password/reset-password                     | unauthorized           | page                   | page                   | page                   | page                   | page                   | Change your password
# Team: editors and admins
/Dashboard                                                  | unauthorized           | forbidden              | series_list            | forbidden              | page                   | page                   | Your areas
/Dashboard/Metrics                                          | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Metrics
/Dashboard/Series/Series                                    | unauthorized           | forbidden              | page                   | forbidden              | page                   | page                   | Series
/Dashboard/Series/Series/AddNew                             | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | New series
/Dashboard/Series/Series/EditSerie/{seriesId}               | unauthorized           | forbidden              | page                   | forbidden              | page                   | page                   | The Lantern Keeper
/Dashboard/Series/Series/EditSerie/{seriesId}/Team          | unauthorized           | forbidden              | page                   | forbidden              | page                   | page                   | Team of The Lantern Keeper
/Dashboard/Import                                           | unauthorized           | forbidden              | page                   | forbidden              | page                   | page                   | Import
/Dashboard/Series/Banners                                   | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Banners
/Dashboard/Series/Genres                                    | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Genres
/Dashboard/Comments                                         | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Comments
/Dashboard/Announcements                                    | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Announcements
/Dashboard/Announcements/AddAnnouncements                   | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | New announcement
/Dashboard/Announcements/EditAnnouncements/{announcementId} | unauthorized           | forbidden              | forbidden              | forbidden              | page                   | page                   | Chapter 100 is out
/Dashboard/nope                                             | unauthorized           | forbidden              | not_found              | forbidden              | not_found              | not_found              |
# Team: admins only
/Dashboard/Finances/Purchases                               | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Purchases
/Dashboard/Finances/Plans                                   | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Plans
/Dashboard/Finances/Coins                                   | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Coins
/Dashboard/Finances/Payouts                                 | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Payouts
/Dashboard/Users                                            | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Users
/Dashboard/Users/{userId}                                   | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | alice_reads
/Dashboard/MetricsAdmin                                     | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Admin metrics
/Dashboard/Configuration                                    | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Configuration
/Dashboard/AuditLog                                         | unauthorized           | forbidden              | forbidden              | forbidden              | forbidden              | page                   | Audit log
`;

export const PAGE_COLUMNS = ['visitor', 'reader', 'translator', 'premium', 'editor', 'admin'] as const;
export type PageColumn = (typeof PAGE_COLUMNS)[number];
const ERROR_OUTCOMES = ['unauthorized', 'forbidden', 'not_found', 'series_not_found', 'announcement_not_found'] as const;
export type PageOutcome = 'page' | 'home' | 'series_list' | (typeof ERROR_OUTCOMES)[number];

export interface PageRow {
  route: string;
  expected: Record<PageColumn, PageOutcome>;
  heading: string;
}

/** Reads the table above; a malformed line is an error, never a skipped row. */
export function parsePageMatrix(text: string): PageRow[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const [header, ...body] = lines;
  const columns = header!.split('|').map((cell) => cell.trim());
  if (columns.join() !== ['route', ...PAGE_COLUMNS, 'heading'].join()) throw new Error(`Unexpected header: ${header}`);
  const outcomes: readonly string[] = ['page', 'home', 'series_list', ...ERROR_OUTCOMES];
  return body.map((line) => {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length !== columns.length) throw new Error(`Expected ${columns.length} cells: ${line}`);
    const expected = {} as PageRow['expected'];
    PAGE_COLUMNS.forEach((column, i) => {
      const cell = cells[i + 1]!;
      if (!outcomes.includes(cell)) throw new Error(`Not an outcome: "${cell}" in ${line}`);
      expected[column] = cell as PageOutcome;
    });
    const heading = cells.at(-1)!;
    if (Object.values(expected).includes('page') && heading === '') throw new Error(`A page needs its heading: ${line}`);
    return { route: cells[0]!, expected, heading };
  });
}
