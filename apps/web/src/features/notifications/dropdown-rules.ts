import {
  NOTIFICATION_BADGE_MAX,
  NOTIFICATION_DESCRIPTION_MAX,
  NOTIFICATION_DROPDOWN_MAX,
  type Notification,
} from '@inkwell/contract';

/** SPEC §9: unread first, then read; newest first within each. At most 5. */
export function pickForDropdown(notifications: Notification[]): Notification[] {
  return [...notifications]
    .sort((a, b) => {
      if (a.is_read !== b.is_read) return a.is_read ? 1 : -1;
      return Date.parse(b.created_at) - Date.parse(a.created_at);
    })
    .slice(0, NOTIFICATION_DROPDOWN_MAX);
}

/** SPEC §9: the badge shows 9+ above 9, nothing at 0. */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > NOTIFICATION_BADGE_MAX ? `${NOTIFICATION_BADGE_MAX}+` : String(unread);
}

/** SPEC §5: descriptions are cut at 80 characters with an ellipsis. */
export function truncateDescription(text: string): string {
  return text.length > NOTIFICATION_DESCRIPTION_MAX ? `${text.slice(0, NOTIFICATION_DESCRIPTION_MAX)}…` : text;
}

/**
 * SPEC §9: the view-all footer shows when more than 5 were loaded or unread ones are hidden,
 * with "+N unread" for the hidden unread ones (counting those not loaded at all).
 */
export function viewAllFooter(loaded: Notification[], shown: Notification[], totalUnread: number) {
  const shownUnread = shown.filter((n) => !n.is_read).length;
  const hiddenUnread = Math.max(0, totalUnread - shownUnread);
  return { isVisible: loaded.length > NOTIFICATION_DROPDOWN_MAX || hiddenUnread > 0, hiddenUnread };
}
