// i18n: not yet in the catalogues (issue 35)
import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, stacked, StackedTable, Th } from '../components/data-table';
import { ListFrame, SearchBox } from '../components/list-frame';
import { useListParams } from '../components/use-list-params';
import { useTeamSeriesList } from './api/list-team-series';

/** /Dashboard/Series/Series: every series, drafts included, searchable and paginated. */
export default function SeriesListPage() {
  useDocumentTitle('Series');
  const { text, setText, q, page } = useListParams();
  const query = useMemo(() => ({ page, perPage: 20, ...(q ? { q } : {}) }), [page, q]);
  const list = useTeamSeriesList(query);

  return (
    <ListFrame
      title="Series"
      actions={
        <Link to="/Dashboard/Series/Series/AddNew" className={primaryButton}>
          <Plus className="size-4" aria-hidden /> New series
        </Link>
      }
      filters={
        <SearchBox value={text} onChange={setText} placeholder="Search by title or slug" label="Search series by title or slug" />
      }
      query={list}
      loading="Loading series…"
      error="We could not load the series."
      empty={q ? 'No series match this search.' : 'No series yet. Create the first one.'}
    >
      {(items) => (
        <StackedTable
          head={
            <>
              <Th>Series</Th>
              <Th>Type</Th>
              <Th>Status</Th>
              <Th>Chapters</Th>
              <Th>Updated</Th>
            </>
          }
        >
          {items.map((series) => (
            <tr key={series.id} role="row" className={`${stacked.row} hover:bg-ink-900/60`}>
              <td role="cell" className={`order-1 col-span-2 ${stacked.cell} sm:py-2`}>
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
              <td role="cell" className={`order-2 capitalize text-zinc-300 ${stacked.cell}`}>
                {series.type}
              </td>
              <td role="cell" className={`order-3 text-right sm:text-left ${stacked.cell}`}>
                <StatusBadge status={series.status} />
              </td>
              <td role="cell" className={`order-4 text-zinc-300 ${stacked.cell}`}>
                <CellLabel>Chapters:</CellLabel>
                {series.chapterCount}
              </td>
              <td role="cell" className={`order-5 text-right text-zinc-400 sm:text-left ${stacked.cell}`}>
                <CellLabel>Updated</CellLabel>
                {formatDate(series.updatedAt)}
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </ListFrame>
  );
}
