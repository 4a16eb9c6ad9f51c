import { Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { StatusBadge } from '../../../components/status-badge';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CellLabel, stacked, StackedTable, Th } from '../components/data-table';
import { ListFrame, SearchBox } from '../components/list-frame';
import { useListParams } from '../components/use-list-params';
import { isSeriesMemberOnly } from '../team-roles';
import { useAuth } from '../../../lib/auth/auth-context';
import { useTeamSeriesList } from './api/list-team-series';
import '../messages';

const TYPE_IDS = { comic: 'dashboard.series.type.comic', novel: 'dashboard.series.type.novel' };

/** /Dashboard/Series/Series: every series, drafts included, searchable and paginated. */
export default function SeriesListPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.series.list.title'));
  const { text, setText, q, page } = useListParams();
  const query = useMemo(() => ({ page, perPage: 20, ...(q ? { q } : {}) }), [page, q]);
  const list = useTeamSeriesList(query);
  // A member of a series' team (issue 37 §3) sees their series; editors and admins make new ones.
  const { user } = useAuth();

  return (
    <ListFrame
      title={t('dashboard.series.list.title')}
      actions={
        !isSeriesMemberOnly(user) && (
          <Link to="/Dashboard/Series/Series/AddNew" className={primaryButton}>
            <Plus className="size-4" aria-hidden /> {t('dashboard.series.form.new')}
          </Link>
        )
      }
      filters={
        <SearchBox
          value={text}
          onChange={setText}
          placeholder={t('dashboard.series.list.searchPlaceholder')}
          label={t('dashboard.series.list.searchLabel')}
        />
      }
      query={list}
      loading={t('dashboard.series.list.loading')}
      error={t('dashboard.series.list.error')}
      empty={t(q ? 'dashboard.series.list.noMatch' : 'dashboard.series.list.empty')}
    >
      {(items) => (
        <StackedTable
          head={
            <>
              <Th>{t('dashboard.series.list.series')}</Th>
              <Th>{t('dashboard.series.form.type')}</Th>
              <Th>{t('dashboard.series.form.status')}</Th>
              <Th>{t('dashboard.series.list.chapters')}</Th>
              <Th>{t('dashboard.series.list.updated')}</Th>
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
                      <span className="ml-2 rounded bg-ink-700 px-1.5 py-0.5 text-[10px] font-bold uppercase text-zinc-200">
                        {t('dashboard.series.list.draft')}
                      </span>
                    )}
                  </span>
                </Link>
              </td>
              <td role="cell" className={`order-2 capitalize text-zinc-300 ${stacked.cell}`}>
                {t(TYPE_IDS[series.type])}
              </td>
              <td role="cell" className={`order-3 text-right sm:text-left ${stacked.cell}`}>
                <StatusBadge status={series.status} />
              </td>
              <td role="cell" className={`order-4 text-zinc-300 ${stacked.cell}`}>
                <CellLabel>{t('dashboard.series.list.chaptersCell')}</CellLabel>
                {series.chapterCount}
              </td>
              <td role="cell" className={`order-5 text-right text-zinc-400 sm:text-left ${stacked.cell}`}>
                <CellLabel>{t('dashboard.series.list.updated')}</CellLabel>
                {format.date(series.updatedAt)}
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </ListFrame>
  );
}
