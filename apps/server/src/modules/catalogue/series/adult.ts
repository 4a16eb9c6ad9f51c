// Who is shown series marked Adult (issue 36 §4, decision 0041): the TypeScript twin of `seriesShown`'s
// `adult`, read once per request by the catalogue, search and the reading apps.

/** What of a viewer the rule reads: their opt-in (a reader's ME/preferences, a visitor's answer at the gate). */
export interface AdultAudience {
  showAdult?: boolean | undefined;
}

/**
 * Whether series marked Adult are shown to this viewer: they opted in and the site carries adult
 * content at all (the admin's `content.adultContent`). The team sees them in the dashboard whatever
 * this says, and on their pages (`mayOpenAdult`).
 */
export const showsAdult = (viewer: AdultAudience, siteCarriesAdult: boolean): boolean =>
  siteCarriesAdult && viewer.showAdult === true;
