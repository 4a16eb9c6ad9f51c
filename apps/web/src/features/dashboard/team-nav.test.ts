import { describe, expect, it } from 'vitest';
import { dashboardNavFor, TEAM_NAV } from './team-nav';

describe('the team’s side menu', () => {
  it('gives each entry an icon of its own (issue 21 §1)', () => {
    expect(new Set(TEAM_NAV.map((item) => item.Icon)).size).toBe(TEAM_NAV.length);
  });
});

describe('the side menu of a reader on a series’ team (issue 37 §3)', () => {
  const seriesRoles = [{ seriesId: 's1', role: 'translator' as const, canPublish: false }];

  it('holds their series and the Import page only', () => {
    expect(dashboardNavFor({ role: 'reader', seriesRoles }).map((item) => item.to)).toEqual([
      '/Dashboard/Series/Series',
      '/Dashboard/Import',
    ]);
  });

  it('is an editor’s own for an editor on a series’ team, and empty for a reader on none', () => {
    expect(dashboardNavFor({ role: 'editor', seriesRoles }).map((item) => item.to)).toContain('/Dashboard/Comments');
    expect(dashboardNavFor({ role: 'reader', seriesRoles: [] })).toEqual([]);
  });
});
