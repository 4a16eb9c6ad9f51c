import type { Notification } from '@inkwell/contract';
import { describe, expect, it } from 'vitest';
import { badgeLabel, pickForDropdown, truncateDescription, viewAllFooter } from './dropdown-rules';

const n = (id: string, minutesAgo: number, isRead: boolean): Notification => ({
  id,
  title: id,
  description: '',
  link: null,
  is_read: isRead,
  created_at: new Date(Date.parse('2026-06-01T12:00:00Z') - minutesAgo * 60_000).toISOString(),
});

describe('notification dropdown rules (SPEC §9)', () => {
  it('shows at most 5: unread first, then read, newest first in each', () => {
    const list = [n('r1', 1, true), n('u1', 30, false), n('r2', 2, true), n('u2', 10, false), n('r3', 3, true), n('r4', 4, true)];
    expect(pickForDropdown(list).map((x) => x.id)).toEqual(['u2', 'u1', 'r1', 'r2', 'r3']);
  });

  it('labels the badge 9+ above 9 and hides it at 0', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });

  it('cuts descriptions at 80 characters with an ellipsis', () => {
    expect(truncateDescription('a'.repeat(80))).toBe('a'.repeat(80));
    expect(truncateDescription('a'.repeat(81))).toBe(`${'a'.repeat(80)}…`);
  });

  it('shows the view-all footer when more than 5 loaded or unread are hidden, with +N unread', () => {
    const six = Array.from({ length: 6 }, (_, i) => n(`u${i}`, i, false));
    const shown = pickForDropdown(six);
    expect(viewAllFooter(six, shown, 6)).toEqual({ isVisible: true, hiddenUnread: 1 });
    const three = [n('a', 1, true), n('b', 2, true), n('c', 3, false)];
    expect(viewAllFooter(three, pickForDropdown(three), 1)).toEqual({ isVisible: false, hiddenUnread: 0 });
    // Unread ones beyond the ten loaded still count.
    expect(viewAllFooter(three, pickForDropdown(three), 4)).toEqual({ isVisible: true, hiddenUnread: 3 });
  });
});
