import { Bookmark, BookmarkCheck } from 'lucide-react';
import { useLocation } from 'react-router';
import { AppLink } from '../lib/app-link';
import { readBrowserOwner } from '../lib/browser-owner';
import { useT } from '../lib/i18n/i18n-context';
import type { BookmarkState } from '../lib/library/bookmark';
import { useIsOnline } from '../lib/offline/use-is-online';
import { useToast } from './toast/toast-context';

/** The button's colours, off and on: the site's, or a reader theme's (a sepia page's bar). */
export interface BookmarkTone {
  off: string;
  on: string;
}

const SITE_TONE: BookmarkTone = {
  off: 'bg-ink-800 text-zinc-100 hover:bg-ink-700',
  on: 'bg-accent-600/20 text-accent-400 ring-1 ring-inset ring-accent-500/40 hover:bg-accent-600/30',
};

/**
 * Follow a series (issue 9 §1): a toggle button (aria-pressed) for a signed-in reader that moves
 * at once and goes back if the server refuses; a "Log in to bookmark" link for a visitor, back to
 * this page after logging in. `compact` is the reader's top bar: the icon alone, named for
 * screen readers.
 */
export function BookmarkButton({
  bookmark,
  compact = false,
  tone = SITE_TONE,
}: {
  bookmark: BookmarkState;
  compact?: boolean;
  tone?: BookmarkTone;
}) {
  const t = useT();
  const toast = useToast();
  const location = useLocation();
  const base = 'inline-flex items-center justify-center gap-2 rounded-lg font-semibold disabled:opacity-60';
  const size = compact ? 'p-2 text-sm' : 'px-5 py-2.5';
  const isOnline = useIsOnline();

  // Offline the session cannot be checked: a browser that is a reader's (browser-owner.ts) is not
  // asked to log in, it is told the bookmark waits for the connection (issue 33).
  if (!bookmark.isSignedIn && !isOnline && readBrowserOwner()) {
    const offline = t('common.components.bookmark.offlineTitle');
    return (
      <button
        type="button"
        disabled
        aria-label={compact ? t('common.components.bookmark.name') : undefined}
        title={offline}
        className={`${base} ${size} ${tone.off}`}
        data-testid="bookmark-offline"
      >
        <Bookmark className="size-4" aria-hidden />
        {!compact && <span>{t('common.components.bookmark.offline')}</span>}
      </button>
    );
  }

  if (!bookmark.isSignedIn) {
    return (
      <AppLink
        to="/login"
        state={{ from: location.pathname + location.search }}
        className={`${base} ${size} ${tone.off}`}
        aria-label={compact ? t('common.components.bookmark.logIn') : undefined}
        title={compact ? t('common.components.bookmark.logIn') : undefined}
      >
        <Bookmark className="size-4" aria-hidden />
        {!compact && t('common.components.bookmark.logIn')}
      </AppLink>
    );
  }

  const { isBookmarked } = bookmark;
  const handleClick = () =>
    void bookmark
      .toggle()
      .catch(() => toast({ message: t('common.components.bookmark.saveFailed'), type: 'error', duration: 5000 }));
  const Icon = isBookmarked ? BookmarkCheck : Bookmark;
  const label = t(isBookmarked ? 'common.components.bookmark.on' : 'common.components.bookmark.name');
  return (
    <button
      type="button"
      onClick={handleClick}
      // One name whatever the state; aria-pressed says whether it is on.
      aria-label={compact ? t('common.components.bookmark.name') : undefined}
      aria-pressed={isBookmarked}
      title={compact ? label : undefined}
      disabled={!bookmark.isKnown}
      data-testid="bookmark-button"
      className={`${base} ${size} ${isBookmarked ? tone.on : tone.off}`}
    >
      <Icon className="size-4" aria-hidden />
      {!compact && <span>{label}</span>}
    </button>
  );
}
