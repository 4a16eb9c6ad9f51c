import { describe, expect, it } from 'vitest';
import { TEAM_NAV } from './team-nav';

describe('the team’s side menu', () => {
  it('gives each entry an icon of its own (issue 21 §1)', () => {
    expect(new Set(TEAM_NAV.map((item) => item.Icon)).size).toBe(TEAM_NAV.length);
  });
});
