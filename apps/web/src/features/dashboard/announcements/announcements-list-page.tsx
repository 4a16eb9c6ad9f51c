import { ANNOUNCEMENT_STATES } from '@inkwell/contract';
import { Pin, Plus, Search } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { formatDate } from '../../../lib/time';
import { oneOf, useListParams } from '../components/use-list-params';
import { useTeamAnnouncements } from './api';
import { AnnouncementStateBadge } from './state-badge';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /Dashboard/Announcements: every announcement, searchable by title and filtered by status, newest change first. */
export default function AnnouncementsListPage() {
  useDocumentTitle('Announcements');
  const { params, text, setText, setFilter, q, page } = useListParams();
  const state = oneOf(ANNOUNCEMENT_STATES, params.get('state'));

  const query = useMemo(() => ({ page, ...(q ? { q } : {}), ...(state ? { state } : {}) }), [page, q, state]);
  const list = useTeamAnnouncements(query);

  const setState = (value: string) => setFilter('state', value);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">Announcements</h1>
        <Link to="/Dashboard/Announcements/AddAnnouncements" className={primaryButton}>
          <Plus className="size-4" aria-hidden /> New announcement
        </Link>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <div className="relative w-full max-w-sm">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search by title or slug"
            aria-label="Search announcements by title or slug"
            className="w-full rounded-lg border border-ink-700 bg-ink-900 py-2 pl-9 pr-3 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
          />
        </div>
        <select
          value={state ?? ''}
          onChange={(event) => setState(event.target.value)}
          aria-label="Status"
          className="rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100 focus:border-accent-500 focus:outline-none"
        >
          <option value="">Every status</option>
          <option value="published">Published</option>
          <option value="scheduled">Scheduled</option>
          <option value="draft">Drafts</option>
        </select>
      </div>
      <div className="mt-5">
        {list.isPending ? (
          <p className="text-zinc-400">Loading announcements…</p>
        ) : list.isError ? (
          <LoadError message="We could not load the announcements." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">
            {q || state ? 'No announcements match.' : 'No announcements yet. Write the first one.'}
          </p>
        ) : (
          <>
            <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/Dashboard/Announcements/EditAnnouncements/${item.id}`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-ink-900/60"
                  >
                    {item.cover ? (
                      <img
                        src={item.cover.url}
                        width={64}
                        height={36}
                        alt=""
                        loading="lazy"
                        className="h-9 w-16 shrink-0 rounded object-cover"
                      />
                    ) : (
                      <span className="h-9 w-16 shrink-0 rounded bg-ink-800" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="font-medium text-zinc-100">{item.title}</span>
                        <AnnouncementStateBadge state={item.state} />
                        {item.pinned && (
                          <span className="inline-flex items-center gap-1 text-xs text-accent-300">
                            <Pin className="size-3" aria-hidden /> Pinned
                          </span>
                        )}
                      </span>
                      <span className="mt-0.5 block text-xs text-zinc-400">
                        {item.state === 'draft'
                          ? `Edited ${formatDate(item.updatedAt)}`
                          : `${item.state === 'scheduled' ? 'Publishes' : 'Published'} ${formatDate(item.publishedAt ?? item.updatedAt)}`}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination page={list.data.pagination.page} totalPages={list.data.pagination.totalPages} />
          </>
        )}
      </div>
    </div>
  );
}
