import { ROLES, type AuditEntry, type EndpointQuery, type Role } from '@inkwell/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RoleTag } from '../../../components/role-tag';
import { callApiData } from '../../../lib/api-client';
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListFrame, SearchBox } from '../components/list-frame';
import { useListParams } from '../components/use-list-params';
import '../messages';

/** Each action the team's and admins' calls record, said as a phrase (message ids). */
const ACTIONS: Record<string, string> = {
  adminCoinPackageCreate: 'dashboard.audit.action.adminCoinPackageCreate',
  adminCoinPackageUpdate: 'dashboard.audit.action.adminCoinPackageUpdate',
  adminPlanCreate: 'dashboard.audit.action.adminPlanCreate',
  adminPlanUpdate: 'dashboard.audit.action.adminPlanUpdate',
  adminPurchaseRefund: 'dashboard.audit.action.adminPurchaseRefund',
  adminSeriesPayeesUpdate: 'dashboard.audit.action.adminSeriesPayeesUpdate',
  adminSiteConfigUpdate: 'dashboard.audit.action.adminSiteConfigUpdate',
  adminUserCoins: 'dashboard.audit.action.adminUserCoins',
  adminUserUpdate: 'dashboard.audit.action.adminUserUpdate',
  teamAnnouncementCover: 'dashboard.audit.action.teamAnnouncementCover',
  teamAnnouncementCreate: 'dashboard.audit.action.teamAnnouncementCreate',
  teamAnnouncementDelete: 'dashboard.audit.action.teamAnnouncementDelete',
  teamAnnouncementUpdate: 'dashboard.audit.action.teamAnnouncementUpdate',
  teamBannerCreate: 'dashboard.audit.action.teamBannerCreate',
  teamBannerDelete: 'dashboard.audit.action.teamBannerDelete',
  teamBannerImage: 'dashboard.audit.action.teamBannerImage',
  teamBannerUpdate: 'dashboard.audit.action.teamBannerUpdate',
  teamChapterArchive: 'dashboard.audit.action.teamChapterArchive',
  teamChapterCreate: 'dashboard.audit.action.teamChapterCreate',
  teamChapterDelete: 'dashboard.audit.action.teamChapterDelete',
  teamChapterPageDelete: 'dashboard.audit.action.teamChapterPageDelete',
  teamChapterPageOrder: 'dashboard.audit.action.teamChapterPageOrder',
  teamChapterPagesAdd: 'dashboard.audit.action.teamChapterPagesAdd',
  teamChapterUpdate: 'dashboard.audit.action.teamChapterUpdate',
  teamCommentDelete: 'dashboard.audit.action.teamCommentDelete',
  teamCommentUpdate: 'dashboard.audit.action.teamCommentUpdate',
  teamGenreCreate: 'dashboard.audit.action.teamGenreCreate',
  teamGenreDelete: 'dashboard.audit.action.teamGenreDelete',
  teamGenreUpdate: 'dashboard.audit.action.teamGenreUpdate',
  teamSeriesCover: 'dashboard.audit.action.teamSeriesCover',
  teamSeriesCreate: 'dashboard.audit.action.teamSeriesCreate',
  teamSeriesDelete: 'dashboard.audit.action.teamSeriesDelete',
  teamSeriesUpdate: 'dashboard.audit.action.teamSeriesUpdate',
};

const VERBS: Record<string, string> = {
  Create: 'created',
  Update: 'updated',
  Delete: 'deleted',
  Refund: 'refunded',
  Publish: 'published',
  Cover: 'cover changed',
  Pages: 'pages changed',
  Coins: 'coins adjusted',
};

/**
 * `teamSeriesCreate` → "Series created", `adminUserCoins` → "User coins adjusted", in the page's
 * language; an action not known here is spelled out from its name, and named events are shown as they are.
 */
export function describeAction(t: Translate, action: string): string {
  const known = ACTIONS[action];
  if (known) return t(known);
  if (!/^(team|admin)[A-Z]/.test(action)) return action.replace(/[._]/g, ' ');
  const words = action.replace(/^(team|admin)/, '').match(/[A-Z][a-z]*/g) ?? [action];
  const last = words.at(-1)!;
  const verb = VERBS[last];
  const subject = (verb ? words.slice(0, -1) : words).join(' ').toLowerCase();
  const sentence = verb ? `${subject} ${verb}` : subject;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function useAuditQuery() {
  const { text, setText, q, page } = useListParams();
  const query = useMemo((): EndpointQuery<'adminAuditLog'> => ({ page, ...(q ? { q } : {}) }), [page, q]);
  return { text, setText, query, isFiltered: Boolean(q) };
}

/** /Dashboard/AuditLog: every team and admin action, newest first (issue 10 §2). */
export default function AuditLogPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.audit.title'));
  const { text, setText, query, isFiltered } = useAuditQuery();
  const list = useQuery({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) => callApiData('adminAuditLog', { query, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <ListFrame
      title={t('dashboard.audit.title')}
      description={t('dashboard.audit.description')}
      filters={
        <SearchBox
          value={text}
          onChange={setText}
          placeholder={t('dashboard.audit.searchPlaceholder')}
          label={t('dashboard.audit.searchLabel')}
          className="w-full sm:w-96"
        />
      }
      query={list}
      loading={t('dashboard.audit.loading')}
      error={t('dashboard.audit.loadFailed')}
      empty={isFiltered ? t('dashboard.audit.noMatch') : t('dashboard.audit.empty')}
      count={(total) => t('dashboard.audit.count', { count: total })}
    >
      {(entries) => (
        <ol className="divide-y divide-ink-800 rounded-xl border border-ink-800">
          {entries.map((entry) => (
            <AuditRow key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </ListFrame>
  );
}

/** How the log names a kind of target ("chapters" in the API's path → "Chapter"). */
const TARGET_WORDS: Record<string, string> = {
  series: 'dashboard.audit.target.series',
  chapters: 'dashboard.audit.target.chapter',
  users: 'dashboard.audit.target.user',
  user: 'dashboard.audit.target.user',
  genres: 'dashboard.audit.target.genre',
  banners: 'dashboard.audit.target.banner',
  announcements: 'dashboard.audit.target.announcement',
  comments: 'dashboard.audit.target.comment',
  purchases: 'dashboard.audit.target.purchase',
  plans: 'dashboard.audit.target.plan',
};

/**
 * What an entry acted on, in words (issue 33 §14): its name, after its kind unless the name already
 * says it ("Lanterns · Chapter 3"); an id or an API path only under Details.
 */
function targetText(t: Translate, target: AuditEntry['target']): string | null {
  if (!target.type && !target.label) return null;
  const known = target.type ? TARGET_WORDS[target.type] : undefined;
  const word = known ? t(known) : target.type;
  if (!target.label) return word;
  return word && target.type !== 'chapters'
    ? t('dashboard.audit.targetLabel', { kind: word, label: target.label })
    : target.label;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const format = useFormat();
  const target = targetText(t, entry.target);
  return (
    <li data-testid="audit-entry" className="px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-zinc-100">{describeAction(t, entry.action)}</span>
        {target ? <span className="min-w-0 break-words text-zinc-300">{target}</span> : null}
        <time dateTime={entry.createdAt} className="ml-auto whitespace-nowrap text-xs text-zinc-400">
          {format.dateTime(entry.createdAt)}
        </time>
      </div>
      {entry.changes.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm text-zinc-200" aria-label={t('dashboard.audit.changes')}>
          {entry.changes.map((change) => (
            <li key={change.field} data-testid="audit-change">
              <span className="text-zinc-400">{change.field}:</span> {change.from ?? t('dashboard.audit.noValue')}{' '}
              <span aria-label={t('dashboard.audit.to')} className="text-zinc-400">
                →
              </span>{' '}
              {change.to ?? t('dashboard.audit.noValue')}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        <span className="inline-flex items-center gap-1.5">
          {richText(t('dashboard.audit.by', { username: entry.actor.username }), {
            name: (words) => <span className="font-medium text-zinc-200">{words}</span>,
          })}
          {ROLES.includes(entry.actor.role as Role) ? <RoleTag role={entry.actor.role as Role} /> : entry.actor.role}
        </span>
        {entry.ip ? <span>{t('dashboard.audit.from', { ip: entry.ip })}</span> : null}
      </div>
      {entry.details !== null || entry.userAgent || entry.path || entry.target.id ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-accent-400">{t('dashboard.audit.details')}</summary>
          {entry.path ? (
            <p className="mt-2 break-all font-mono text-xs text-zinc-400">
              {entry.method} {entry.path}
            </p>
          ) : null}
          {entry.target.id ? (
            <p className="mt-1 break-all font-mono text-xs text-zinc-400">{t('dashboard.audit.id', { id: entry.target.id })}</p>
          ) : null}
          {entry.userAgent ? (
            <p className="mt-2 break-all text-xs text-zinc-400">{t('dashboard.audit.browser', { userAgent: entry.userAgent })}</p>
          ) : null}
          {entry.details !== null ? (
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-ink-950 p-3 text-xs text-zinc-300">
              {JSON.stringify(entry.details, null, 2)}
            </pre>
          ) : null}
        </details>
      ) : null}
    </li>
  );
}
