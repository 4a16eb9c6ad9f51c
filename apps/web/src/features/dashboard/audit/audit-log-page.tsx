// i18n: not yet in the catalogues (issue 35)
import { ROLES, type AuditEntry, type EndpointQuery, type Role } from '@inkwell/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RoleTag } from '../../../components/role-tag';
import { callApiData } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ListFrame, SearchBox } from '../components/list-frame';
import { useListParams } from '../components/use-list-params';

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

/** `teamSeriesCreate` → "Series created", `adminUserCoins` → "User coins adjusted"; named events are shown as they are. */
export function describeAction(action: string): string {
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
  useDocumentTitle('Audit log');
  const { text, setText, query, isFiltered } = useAuditQuery();
  const list = useQuery({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) => callApiData('adminAuditLog', { query, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <ListFrame
      title="Audit log"
      description="Every change the team and the admins made: who, what, on what, when and from where. Entries are never edited or removed."
      filters={
        <SearchBox
          value={text}
          onChange={setText}
          placeholder="Who, what was changed, or an id"
          label="Search the audit log by team member, target or id"
          className="w-full sm:w-96"
        />
      }
      query={list}
      loading="Loading the audit log…"
      error="We could not load the audit log."
      empty={isFiltered ? 'No entries match this search.' : 'Nothing has been changed yet.'}
      count={(total) => `${total} ${total === 1 ? 'entry' : 'entries'}`}
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
  series: 'Series',
  chapters: 'Chapter',
  users: 'User',
  user: 'User',
  genres: 'Genre',
  banners: 'Banner',
  announcements: 'Announcement',
  comments: 'Comment',
  purchases: 'Purchase',
  plans: 'Plan',
};

/**
 * What an entry acted on, in words (issue 33 §14): its name, after its kind unless the name already
 * says it ("Lanterns · Chapter 3"); an id or an API path only under Details.
 */
function targetText(target: AuditEntry['target']): string | null {
  if (!target.type && !target.label) return null;
  const word = target.type ? (TARGET_WORDS[target.type] ?? target.type) : null;
  if (!target.label) return word;
  return word && target.type !== 'chapters' ? `${word}: ${target.label}` : target.label;
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const target = targetText(entry.target);
  return (
    <li data-testid="audit-entry" className="px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-semibold text-zinc-100">{describeAction(entry.action)}</span>
        {target ? <span className="min-w-0 break-words text-zinc-300">{target}</span> : null}
        <time dateTime={entry.createdAt} className="ml-auto whitespace-nowrap text-xs text-zinc-400">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {entry.changes.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm text-zinc-200" aria-label="Changes">
          {entry.changes.map((change) => (
            <li key={change.field} data-testid="audit-change">
              <span className="text-zinc-400">{change.field}:</span> {change.from ?? 'none'}{' '}
              <span aria-label="to" className="text-zinc-400">
                →
              </span>{' '}
              {change.to ?? 'none'}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
        <span className="inline-flex items-center gap-1.5">
          by <span className="font-medium text-zinc-200">{entry.actor.username}</span>
          {ROLES.includes(entry.actor.role as Role) ? <RoleTag role={entry.actor.role as Role} /> : entry.actor.role}
        </span>
        {entry.ip ? <span>from {entry.ip}</span> : null}
      </div>
      {entry.details !== null || entry.userAgent || entry.path || entry.target.id ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-accent-400">Details</summary>
          {entry.path ? (
            <p className="mt-2 break-all font-mono text-xs text-zinc-400">
              {entry.method} {entry.path}
            </p>
          ) : null}
          {entry.target.id ? <p className="mt-1 break-all font-mono text-xs text-zinc-400">Id: {entry.target.id}</p> : null}
          {entry.userAgent ? <p className="mt-2 break-all text-xs text-zinc-400">Browser: {entry.userAgent}</p> : null}
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
