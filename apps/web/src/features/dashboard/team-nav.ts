import type { Role } from '@inkwell/contract';

export const TEAM_ROLES: readonly Role[] = ['editor', 'admin'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];

export interface TeamNavItem {
  to: string;
  label: string;
  section: 'Overview' | 'Content' | 'Community' | 'Finances' | 'Administration';
  roles: readonly Role[];
}

/** SPEC §2 Team area: every page with the roles that may open it. */
export const TEAM_NAV: readonly TeamNavItem[] = [
  { to: '/Dashboard', label: 'Dashboard', section: 'Overview', roles: TEAM_ROLES },
  { to: '/Dashboard/Metrics', label: 'Metrics', section: 'Overview', roles: TEAM_ROLES },
  { to: '/Dashboard/MetricsAdmin', label: 'Admin metrics', section: 'Overview', roles: ADMIN_ONLY },
  { to: '/Dashboard/Series/Series', label: 'Series', section: 'Content', roles: TEAM_ROLES },
  { to: '/Dashboard/Series/Banners', label: 'Banners', section: 'Content', roles: TEAM_ROLES },
  { to: '/Dashboard/Series/Genres', label: 'Genres', section: 'Content', roles: TEAM_ROLES },
  { to: '/Dashboard/Comments', label: 'Comments', section: 'Community', roles: TEAM_ROLES },
  { to: '/Dashboard/Announcements', label: 'Announcements', section: 'Community', roles: TEAM_ROLES },
  { to: '/Dashboard/Finances/Purchases', label: 'Purchases', section: 'Finances', roles: ADMIN_ONLY },
  { to: '/Dashboard/Finances/Plans', label: 'Plans', section: 'Finances', roles: ADMIN_ONLY },
  { to: '/Dashboard/Finances/Coins', label: 'Coins', section: 'Finances', roles: ADMIN_ONLY },
  { to: '/Dashboard/Users', label: 'Users', section: 'Administration', roles: ADMIN_ONLY },
  { to: '/Dashboard/Configuration', label: 'Configuration', section: 'Administration', roles: ADMIN_ONLY },
  { to: '/Dashboard/AuditLog', label: 'Audit log', section: 'Administration', roles: ADMIN_ONLY },
];

/** The entries a role may open (and that exist), for the side menu. */
export function teamNavFor(role: Role, items: readonly TeamNavItem[] = TEAM_NAV): TeamNavItem[] {
  return items.filter((item) => item.roles.includes(role));
}
