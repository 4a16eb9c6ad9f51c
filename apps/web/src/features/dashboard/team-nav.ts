import type { Role, SessionUser } from '@inkwell/contract';
import {
  BarChart3,
  BookOpen,
  Coins,
  CreditCard,
  FileArchive,
  Flag,
  GalleryHorizontal,
  Landmark,
  LayoutDashboard,
  LineChart,
  type LucideIcon,
  Megaphone,
  MessageSquare,
  ScrollText,
  Settings,
  Tags,
  Users,
} from 'lucide-react';

import { ADMIN_ONLY, isSeriesMemberOnly, TEAM_ROLES } from './team-roles';

export { TEAM_ROLES };

export interface TeamNavItem {
  to: string;
  label: string;
  section: 'Overview' | 'Content' | 'Community' | 'Finances' | 'Administration';
  roles: readonly Role[];
  /** Each entry its own (issue 21 §1): the side menu is found by eye, not read line by line. */
  Icon: LucideIcon;
  /** A member of a series' team opens it too (issue 37 §3): their series, and imports into them. */
  members?: true;
}

/** SPEC §2 Team area: every page with the roles that may open it. */
export const TEAM_NAV: readonly TeamNavItem[] = [
  { to: '/Dashboard', label: 'Dashboard', section: 'Overview', roles: TEAM_ROLES, Icon: LayoutDashboard },
  { to: '/Dashboard/Metrics', label: 'Metrics', section: 'Overview', roles: TEAM_ROLES, Icon: LineChart },
  { to: '/Dashboard/MetricsAdmin', label: 'Admin metrics', section: 'Overview', roles: ADMIN_ONLY, Icon: BarChart3 },
  { to: '/Dashboard/Series/Series', label: 'Series', section: 'Content', roles: TEAM_ROLES, Icon: BookOpen, members: true },
  { to: '/Dashboard/Import', label: 'Import', section: 'Content', roles: TEAM_ROLES, Icon: FileArchive, members: true },
  { to: '/Dashboard/Series/Banners', label: 'Banners', section: 'Content', roles: TEAM_ROLES, Icon: GalleryHorizontal },
  { to: '/Dashboard/Series/Genres', label: 'Genres', section: 'Content', roles: TEAM_ROLES, Icon: Tags },
  { to: '/Dashboard/Comments', label: 'Comments', section: 'Community', roles: TEAM_ROLES, Icon: MessageSquare },
  { to: '/Dashboard/Announcements', label: 'Announcements', section: 'Community', roles: TEAM_ROLES, Icon: Megaphone },
  { to: '/Dashboard/Finances/Purchases', label: 'Purchases', section: 'Finances', roles: ADMIN_ONLY, Icon: CreditCard },
  { to: '/Dashboard/Finances/Plans', label: 'Plans', section: 'Finances', roles: ADMIN_ONLY, Icon: Flag },
  { to: '/Dashboard/Finances/Coins', label: 'Coins', section: 'Finances', roles: ADMIN_ONLY, Icon: Coins },
  { to: '/Dashboard/Finances/Payouts', label: 'Payouts', section: 'Finances', roles: ADMIN_ONLY, Icon: Landmark },
  { to: '/Dashboard/Users', label: 'Users', section: 'Administration', roles: ADMIN_ONLY, Icon: Users },
  { to: '/Dashboard/Configuration', label: 'Configuration', section: 'Administration', roles: ADMIN_ONLY, Icon: Settings },
  { to: '/Dashboard/AuditLog', label: 'Audit log', section: 'Administration', roles: ADMIN_ONLY, Icon: ScrollText },
];

/** The entries a role may open (and that exist), for the side menu. */
export function teamNavFor(role: Role, items: readonly TeamNavItem[] = TEAM_NAV): TeamNavItem[] {
  return items.filter((item) => item.roles.includes(role));
}

/** The side menu's entries for the signed-in user: their role's, or a series team member's. */
export function dashboardNavFor(user: Pick<SessionUser, 'role' | 'seriesRoles'>): TeamNavItem[] {
  return isSeriesMemberOnly(user) ? TEAM_NAV.filter((item) => item.members) : teamNavFor(user.role);
}
