import { Megaphone, Pin } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../lib/i18n/format';
import { useT } from '../../lib/i18n/i18n-context';
import { useAnnouncements } from './api';

/** How many announcements home shows: the pinned ones come first, then the newest. */
const HOME_ANNOUNCEMENTS = 3;
// Home draws this block, so its words are common's (common.announcements.json).

/**
 * Home's "News" block. Its data is loaded with home's (the home loader waits for it), so the block
 * is drawn with the page and never pushes the rows below it; nothing is drawn when there is no news.
 */
export function AnnouncementsRow() {
  const t = useT();
  const format = useFormat();
  const list = useAnnouncements(1);
  const items = list.data?.items.slice(0, HOME_ANNOUNCEMENTS) ?? [];
  if (items.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="section-news">
      <h2 id="section-news" className="mb-3 flex items-center gap-2 text-xl font-bold text-white">
        <Megaphone className="size-5 text-accent-400" aria-hidden /> {t('common.announcements.news')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-3">
        {items.map((item, index) => (
          // A phone shows the first two, so the catalogue stays close.
          <li key={item.id} className={index >= 2 ? 'hidden md:block' : undefined}>
            <Link
              to={`/announcements/${item.slug}`}
              className="flex h-full flex-col rounded-xl border border-ink-800 bg-ink-900 p-4 hover:border-accent-600"
            >
              <span className="flex items-center gap-2 text-xs text-zinc-400">
                {item.pinned && (
                  <span className="inline-flex items-center gap-1 font-semibold text-accent-300">
                    <Pin className="size-3" aria-hidden /> {t('common.announcements.pinned')}
                  </span>
                )}
                <time dateTime={item.publishedAt}>{format.date(item.publishedAt)}</time>
              </span>
              <span className="mt-1 line-clamp-2 font-semibold text-white">{item.title}</span>
              <span className="mt-1 line-clamp-2 text-sm text-zinc-400">{item.excerpt}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
