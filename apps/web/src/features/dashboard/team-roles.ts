import type { Role } from '@inkwell/contract';

// Apart from team-nav.ts and its icons: the router reads these, and every page loads the router.
export const TEAM_ROLES: readonly Role[] = ['editor', 'admin'];
export const ADMIN_ONLY: readonly Role[] = ['admin'];
