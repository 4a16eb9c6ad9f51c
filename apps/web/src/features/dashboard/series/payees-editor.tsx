import { PAYEE_ROLES, percentOfBps, SHARES_TOTAL_BPS, type PayeeRole } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { callApiData } from '../../../lib/api-client';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import '../messages';

interface Row {
  /** The chosen account; null until one is picked from the suggestions. */
  userId: string | null;
  username: string;
  role: PayeeRole;
  /** Percent as typed: "33.33". */
  percent: string;
}

const payeesKey = (seriesId: string) => ['admin', 'payees', seriesId] as const;
const toBps = (percent: string) => Math.round(Number(percent) * 100);
/** Two letters are enough to find someone by part of their name or e-mail. */
const SEARCH_FROM_CHARS = 2;

const ROLE_IDS: Record<PayeeRole, string> = {
  author: 'dashboard.series.payees.role.author',
  artist: 'dashboard.series.payees.role.artist',
  translator: 'dashboard.series.payees.role.translator',
  team: 'dashboard.series.payees.role.team',
};

/**
 * What keeps a split from being saved, in the editor's terms (issue 33 §11), or null when it may
 * be: every payee chosen from the site's users, each share above 0, and 100 % shared out (or nobody).
 */
function splitProblem(t: Translate, rows: Row[]): string | null {
  if (rows.length === 0) return null;
  if (rows.some((row) => row.userId === null)) return t('dashboard.series.payees.chooseEach');
  if (rows.some((row) => !(toBps(row.percent) > 0))) return t('dashboard.series.payees.shareAboveZero');
  const total = rows.reduce((sum, row) => sum + toBps(row.percent), 0);
  if (total < SHARES_TOTAL_BPS) return t('dashboard.series.payees.left', { percent: percentOfBps(SHARES_TOTAL_BPS - total) });
  if (total > SHARES_TOTAL_BPS) return t('dashboard.series.payees.over', { percent: percentOfBps(total - SHARES_TOTAL_BPS) });
  return null;
}

/** The series' payees as rows being edited (null while they load), and their saving. */
function usePayees(seriesId: string) {
  const t = useT();
  const client = useQueryClient();
  const toast = useToast();
  const payees = useQuery({
    queryKey: payeesKey(seriesId),
    queryFn: ({ signal }) => callApiData('adminSeriesPayees', { params: { id: seriesId }, signal }),
  });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (payees.data && rows === null)
      setRows(
        payees.data.items.map((payee) => ({
          userId: payee.userId,
          username: payee.username,
          role: payee.role,
          percent: String(payee.shareBps / 100),
        })),
      );
  }, [payees.data, rows]);

  const save = useMutation({
    mutationFn: (chosen: Row[]) =>
      callApiData('adminSeriesPayeesUpdate', {
        params: { id: seriesId },
        body: chosen.map((row) => ({ userId: row.userId!, role: row.role, shareBps: toBps(row.percent) })),
      }),
    onSuccess: (data) => {
      client.setQueryData(payeesKey(seriesId), data);
      setProblem(null);
      toast({ type: 'success', message: t('dashboard.series.payees.saved'), duration: 3000 });
    },
    onError: (error) => setProblem(error instanceof Error ? error.message : t('dashboard.series.payees.saveFailed')),
  });
  return { isError: payees.isError, rows, setRows, problem, save };
}

/**
 * Who shares the series' income (admins, issue 22 §2): each payee found by name among the users,
 * with a role and a share in percent; the shares add up to 100 % or there are none, and the site
 * then keeps it all. Saved all at once, and only once the split is whole.
 */
export function PayeesEditor({ seriesId }: { seriesId: string }) {
  const t = useT();
  const statusId = useId();
  const { isError, rows, setRows, problem, save } = usePayees(seriesId);

  if (isError) return <FormAlert tone="error">{t('dashboard.series.payees.loadError')}</FormAlert>;
  if (!rows) return <p className="text-sm text-zinc-400">{t('dashboard.series.payees.loading')}</p>;
  const total = rows.reduce((sum, row) => sum + toBps(row.percent), 0);
  const blocker = splitProblem(t, rows);
  const update = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <section aria-labelledby="payees-h" className="space-y-3 rounded-xl border border-ink-800 p-4">
      <div>
        <h2 id="payees-h" className="text-xl font-bold text-white">
          {t('dashboard.series.payees.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-400">{t('dashboard.series.payees.description')}</p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('dashboard.series.payees.none')}</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row, index) => (
            <PayeeRow
              key={index}
              row={row}
              onChange={(change) => update(index, change)}
              onRemove={() => setRows(rows.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      <p id={statusId} aria-live="polite" className={`text-sm tabular-nums ${blocker ? 'text-amber-300' : 'text-zinc-400'}`}>
        {blocker
          ? t('dashboard.series.payees.totalWithProblem', { total: percentOfBps(total), problem: blocker })
          : t('dashboard.series.payees.total', { total: percentOfBps(total) })}
      </p>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setRows([...rows, { userId: null, username: '', role: 'author', percent: '' }])}
        >
          <Plus className="size-4" aria-hidden /> {t('dashboard.series.payees.add')}
        </button>
        <button
          type="button"
          className={primaryButton}
          disabled={save.isPending || blocker !== null}
          aria-describedby={statusId}
          onClick={() => save.mutate(rows)}
        >
          {t('dashboard.series.payees.save')}
        </button>
      </div>
    </section>
  );
}

/** One payee: who, in what role, for what share. */
function PayeeRow({ row, onChange, onRemove }: { row: Row; onChange(change: Partial<Row>): void; onRemove(): void }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-end gap-2" data-testid="payee-row">
      <UserPicker
        value={row.username}
        isChosen={row.userId !== null}
        onType={(username) => onChange({ username, userId: null })}
        onChoose={(user) => onChange({ username: user.username, userId: user.id })}
      />
      <label className="text-xs text-zinc-300">
        {t('dashboard.series.payees.roleLabel')}
        <select
          value={row.role}
          onChange={(event) => onChange({ role: event.target.value as PayeeRole })}
          className="mt-1 block rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm capitalize text-zinc-100"
        >
          {PAYEE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_IDS[role])}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs text-zinc-300">
        {t('dashboard.series.payees.share')}
        <input
          type="number"
          min={0.01}
          max={100}
          step={0.01}
          value={row.percent}
          onChange={(event) => onChange({ percent: event.target.value })}
          className="mt-1 block w-24 rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm tabular-nums text-zinc-100"
        />
      </label>
      <button
        type="button"
        onClick={onRemove}
        aria-label={
          row.username ? t('dashboard.series.payees.remove', { name: row.username }) : t('dashboard.series.payees.removeThis')
        }
        className="rounded-lg p-2 text-zinc-300 hover:bg-ink-800 hover:text-rose-300"
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}

/** A user found by part of their name or e-mail, as you type (the admin users search). */
function UserPicker({
  value,
  isChosen,
  onType,
  onChoose,
}: {
  value: string;
  isChosen: boolean;
  onType(text: string): void;
  onChoose(user: { id: string; username: string }): void;
}) {
  const t = useT();
  const listId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(value.trim(), 250);
  const found = useQuery({
    queryKey: ['admin', 'users', 'pick', query],
    queryFn: ({ signal }) => callApiData('adminUsers', { query: { q: query }, signal }),
    enabled: isOpen && !isChosen && query.length >= SEARCH_FROM_CHARS,
    staleTime: 30_000,
  });
  const options = isOpen && !isChosen && query.length >= SEARCH_FROM_CHARS ? (found.data?.items.slice(0, 8) ?? []) : [];
  const choose = (user: { id: string; username: string }) => {
    onChoose(user);
    setIsOpen(false);
  };

  return (
    <div className="relative">
      <label className="text-xs text-zinc-300">
        {t('dashboard.series.payees.user')}
        <input
          role="combobox"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={options[active] ? `${listId}-${active}` : undefined}
          value={value}
          placeholder={t('dashboard.series.payees.userPlaceholder')}
          onChange={(event) => {
            onType(event.target.value);
            setIsOpen(true);
            setActive(0);
          }}
          onFocus={() => setIsOpen(true)}
          onBlur={() => setIsOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, Math.max(options.length - 1, 0)));
            else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
            else if (event.key === 'Enter' && options[active]) {
              event.preventDefault();
              choose(options[active]);
            } else if (event.key === 'Escape') setIsOpen(false);
          }}
          className={`mt-1 block w-48 rounded-lg border bg-ink-900 px-2 py-1.5 text-sm text-zinc-100 ${
            value && !isChosen ? 'border-amber-400' : 'border-ink-700'
          }`}
        />
      </label>
      {options.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label={t('dashboard.series.payees.users')}
          className="absolute z-20 mt-1 max-h-64 w-72 overflow-y-auto rounded-lg border border-ink-700 bg-ink-900 py-1 shadow-xl"
        >
          {options.map((user, index) => (
            <li
              key={user.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(user);
              }}
              className={`cursor-pointer px-3 py-1.5 text-sm ${index === active ? 'bg-ink-800 text-white' : 'text-zinc-200'}`}
            >
              {user.username} <span className="text-xs text-zinc-400">{user.email}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
