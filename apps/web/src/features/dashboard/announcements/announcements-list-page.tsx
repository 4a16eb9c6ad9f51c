import { ANNOUNCEMENT_STATES } from '@inkwell/contract';
import { Pin, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { primaryButton } from '../../../components/button-styles';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { SelectField } from '../components/fields';
import { ListFrame, SearchBox } from '../components/list-frame';
import { oneOf, useListParams } from '../components/use-list-params';
import { useTeamAnnouncements } from './api';
import { AnnouncementStateBadge } from './state-badge';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';

/** /Dashboard/Announcements: every announcement, searchable by title and filtered by status, newest change first. */
export default function AnnouncementsListPage() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('dashboard.announcements.list.title'));
  const { params, text, setText, setFilter, q, page } = useListParams();
  const state = oneOf(ANNOUNCEMENT_STATES, params.get('state'));

  const query = useMemo(() => ({ page, ...(q ? { q } : {}), ...(state ? { state } : {}) }), [page, q, state]);
  const list = useTeamAnnouncements(query);

  return (
    <ListFrame
      title={t('dashboard.announcements.list.title')}
      actions={
        <Link to="/Dashboard/Announcements/AddAnnouncements" className={primaryButton}>
          <Plus className="size-4" aria-hidden /> {t('dashboard.announcements.new')}
        </Link>
      }
      filters={
        <>
          <SearchBox
            value={text}
            onChange={setText}
            placeholder={t('dashboard.announcements.list.searchPlaceholder')}
            label={t('dashboard.announcements.list.searchLabel')}
          />
          <SelectField
            label={t('dashboard.announcements.form.status')}
            value={state ?? ''}
            onChange={(event) => setFilter('state', event.target.value)}
            className="w-40"
          >
            <option value="">{t('dashboard.announcements.list.everyStatus')}</option>
            <option value="published">{t('dashboard.announcements.list.published')}</option>
            <option value="scheduled">{t('dashboard.announcements.list.scheduled')}</option>
            <option value="draft">{t('dashboard.announcements.list.drafts')}</option>
          </SelectField>
        </>
      }
      query={list}
      loading={t('dashboard.announcements.list.loading')}
      error={t('dashboard.announcements.list.error')}
      empty={t(q || state ? 'dashboard.announcements.list.noMatch' : 'dashboard.announcements.list.empty')}
    >
      {(items) => (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800">
          {items.map((item) => (
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
                        <Pin className="size-3" aria-hidden /> {t('dashboard.announcements.form.pinned')}
                      </span>
                    )}
                  </span>
                  <span className="mt-0.5 block text-xs text-zinc-400">
                    {t('dashboard.announcements.list.when', {
                      state: item.state,
                      date: format.date(item.state === 'draft' ? item.updatedAt : (item.publishedAt ?? item.updatedAt)),
                    })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ListFrame>
  );
}
