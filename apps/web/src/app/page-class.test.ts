import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { classifyPage } from './page-class';
import { withDashboard } from './dashboard-routes';
import { createRoutes } from './router';

// Issue 32 §1: every spelling of a page that the router draws is classified as that page, with
// its series, so the server keys a shared page by what is really on it.
// The server's renderer has the dashboard's routes from the start (entry-server.tsx).
const routes = withDashboard(createRoutes(new QueryClient()));
const classify = (url: string) => classifyPage(routes, url);

describe('classifyPage', () => {
  it.each([
    '/SeriesView/lantern/chapter-3',
    '/seriesview/lantern/chapter-3',
    '/SERIESVIEW/lantern/chapter-3',
    '/Seriesview/lantern/chapter-3',
    '/%53eriesView/lantern/chapter-3',
    '/%73eriesview/lantern/chapter-3',
    '/SeriesView/lantern/chapter-3/',
    '/SeriesView/lantern/chapter-3?utm_source=x',
    '/SeriesView/%6Cantern/chapter-3',
  ])('%s is chapter-3 of lantern, spelled /SeriesView/lantern/chapter-3', (url) => {
    expect(classify(url)).toEqual({ path: '/SeriesView/lantern/chapter-3', seriesSlug: 'lantern', chapterSlug: 'chapter-3' });
  });

  it.each(['/seriesView/lantern', '/SeriesView/lantern/', '/SERIESVIEW/lantern?page=2'])(
    '%s is the series page of lantern',
    (url) => {
      expect(classify(url)).toEqual({ path: '/SeriesView/lantern', seriesSlug: 'lantern' });
    },
  );

  it('encodes a parameter once, so the canonical spelling classifies as itself', () => {
    const odd = classify('/SeriesView/caf%C3%A9%20noir/1');
    expect(odd).toEqual({ path: '/SeriesView/caf%C3%A9%20noir/1', seriesSlug: 'café noir', chapterSlug: '1' });
    expect(classify(odd!.path)).toEqual(odd);
  });

  it.each([
    ['/', '/'],
    ['/COMICS', '/comics'],
    ['/buy/Store', '/buy/store'],
    ['/announcements/big-news', '/announcements/big-news'],
    ['/dashboard/metrics', '/Dashboard/Metrics'],
    ['/PROFILE/me', '/profile/me'],
  ])('%s is the page %s, with no series', (url, path) => {
    expect(classify(url)).toEqual({ path });
  });

  it.each(['/no/such/page', '//SeriesView/lantern/1', 'SeriesView/lantern', '/SeriesView/%E0%A4%A/1', '/Dashboard/nowhere'])(
    '%s is no page of ours (never shared)',
    (url) => {
      expect(classify(url)).toBeNull();
    },
  );
});
