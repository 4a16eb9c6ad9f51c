import type { UserRow } from '../users/users.repository';
import { VISITOR, type Viewer } from './access';

/**
 * The viewer for a request. Unlocks and subscriptions arrive with the store: fill in
 * `hasPremiumPass` and `unlocked` here and every access check follows.
 */
export async function loadViewer(user: Pick<UserRow, 'role'> | null | undefined): Promise<Viewer> {
  if (!user) return VISITOR;
  return { role: user.role, hasPremiumPass: false, unlocked: new Set() };
}
