import type { AdminUser, AdminUserDetail } from '@inkwell/contract';
import { purchase } from '../finances/test-data';

export { ADMIN, adminUser, ok, refused } from '../finances/test-data';

/** Answers of the user administration endpoints for the pages' tests. */

export const userRow = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: '00000000-0000-4000-8000-000000000501',
  username: 'mira',
  email: 'mira@example.com',
  role: 'reader',
  coins: 340,
  isBanned: false,
  isPremium: false,
  membership: null,
  createdAt: '2026-02-01T09:00:00.000Z',
  lastSeenAt: null,
  ...overrides,
});

export const userDetail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail => {
  const { user: _buyer, coinsReversed: _reversed, ...bought } = purchase();
  return {
    ...userRow(),
    avatarUrl: null,
    twoFactorEnabled: false,
    sessionCount: 2,
    purchases: { items: [bought], total: 1 },
    ledger: {
      items: [
        {
          id: '00000000-0000-4000-8000-000000000601',
          delta: 550,
          kind: 'purchase',
          balanceAfter: 550,
          reason: 'Bought Stack',
          createdAt: '2026-03-02T10:31:00.000Z',
          chapter: null,
        },
        {
          id: '00000000-0000-4000-8000-000000000602',
          delta: -210,
          kind: 'unlock',
          balanceAfter: 340,
          reason: 'Unlocked Lantern chapter 4',
          createdAt: '2026-03-03T10:31:00.000Z',
          chapter: null,
        },
      ],
      total: 2,
    },
    comments: {
      items: [
        {
          id: '00000000-0000-4000-8000-000000000701',
          body: 'What a <b>cliffhanger</b>',
          author: { id: userRow().id, username: 'mira', role: 'reader', avatarUrl: null },
          createdAt: '2026-03-04T10:00:00.000Z',
          editedAt: null,
          parentId: null,
          isSpoiler: false,
          hidden: true,
          reportCount: 2,
          reports: [],
          series: { id: '00000000-0000-4000-8000-000000000801', slug: 'lantern', title: 'The Lantern Keeper' },
          chapter: { id: '00000000-0000-4000-8000-000000000802', slug: 'chapter-4', number: 4 },
        },
      ],
      total: 31,
    },
    ...overrides,
  };
};
