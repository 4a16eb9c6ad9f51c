import { Plus, Search } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/time';
import { useListParams } from '../components/use-list-params';
import { useTeamSeriesList } from './api/list-team-series';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** /Dashboard/Series/Series: every series, drafts included, searchable and paginated. */
export default function SeriesListPage() {
  useDocumentTitle('Series');
  const { text, setText, q, page } = useListParams();
  const query = useMemo(() => ({ page, perPage: 20, ...(q ? { q } : {}) }), [page, q]);
  const list = useTeamSeriesList(query);

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">Series</h1>
        <Link to="/Dashboard/Series/Series/AddNew" className={primaryButton}>
          <Plus className="size-4" aria-hidden /> New series
        </Link>
      </div>
      <div className="relative mt-5 max-w-sm">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" aria-hidden />
        <input
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search by title or slug"
          aria-label="Search series by title or slug"
          className="w-full rounded-lg border border-ink-700 bg-ink-900 py-2 pl-9 pr-3 text-sm text-zinc-100 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none"
        />
      </div>
      <div className="mt-5">
        {list.isPending ? (
          <p className="text-zinc-400">Loading series…</p>
        ) : list.isError ? (
          <LoadError message="We could not load the series." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="rounded-xl border border-ink-800 bg-ink-900 p-6 text-zinc-400">
            {q ? 'No series match this search.' : 'No series yet. Create the first one.'}
          </p>
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border border-ink-800">
              <table className="w-full text-left text-sm">
                <thead className="bg-ink-900 text-xs uppercase tracking-wide text-zinc-400">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Series
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Type
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Chapters
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Updated
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-800">
                  {list.data.items.map((series) => (
                    <tr key={series.id} className="hover:bg-ink-900/60">
                      <td className="px-4 py-2">
                        <Link
                          to={`/Dashboard/Series/Series/EditSerie/${series.id}`}
                          className="flex items-center gap-3 font-medium text-zinc-100 hover:text-accent-400"
                        >
                          {series.cover ? (
                            <img
                              src={series.cover.url}
                              width={32}
                              height={48}
                              alt=""
                              loading="lazy"
                              className="h-12 w-8 rounded object-cover"
                            />
                          ) : (
                            <span className="h-12 w-8 rounded bg-ink-800" aria-hidden />
                          )}
                          <span>
                            {series.title}
                            {!series.isPublished && (
                              <span className="ml-2 rounded bg-zinc-700 px-1.5 py-0.5 text-[10px] font-bold uppercase text-zinc-200">
                                Draft
                              </span>
                            )}
                          </span>
                        </Link>
                      </td>
                      <td className="px-4 py-2 capitalize text-zinc-300">{series.type}</td>
                      <td className="px-4 py-2">
                        <StatusBadge status={series.status} />
                      </td>
                      <td className="px-4 py-2 text-zinc-300">{series.chapterCount}</td>
                      <td className="px-4 py-2 text-zinc-400">{formatDate(series.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={list.data.pagination.page} totalPages={list.data.pagination.totalPages} />
          </>
        )}
      </div>
    </div>
  );
}
