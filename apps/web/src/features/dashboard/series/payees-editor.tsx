import { PAYEE_ROLES, SHARES_TOTAL_BPS, type PayeeRole } from '@inkwell/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { FormAlert } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError, callApiData } from '../../../lib/api-client';

interface Row {
  username: string;
  role: PayeeRole;
  /** Percent as typed: "33.33". */
  percent: string;
}

const payeesKey = (seriesId: string) => ['admin', 'payees', seriesId] as const;
const toBps = (percent: string) => Math.round(Number(percent) * 100);

/**
 * Who shares the series' income (admins, issue 22 §2): each payee by username with a role and a
 * share in percent; the shares add up to 100 % (10,000 basis points) or there are none, and the
 * site then keeps it all. Saved all at once.
 */
export function PayeesEditor({ seriesId }: { seriesId: string }) {
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
        payees.data.items.map((payee) => ({ username: payee.username, role: payee.role, percent: String(payee.shareBps / 100) })),
      );
  }, [payees.data, rows]);

  const save = useMutation({
    mutationFn: async (chosen: Row[]) => {
      // Usernames to ids: each must be exactly one account.
      const resolved = await Promise.all(
        chosen.map(async (row) => {
          const found = await callApiData('adminUsers', { query: { q: row.username.trim() } });
          const user = found.items.find((item) => item.username.toLowerCase() === row.username.trim().toLowerCase());
          if (!user) throw new Error(`No user is called ${row.username.trim() || '(empty)'}`);
          return { userId: user.id, role: row.role, shareBps: toBps(row.percent) };
        }),
      );
      return callApiData('adminSeriesPayeesUpdate', { params: { id: seriesId }, body: resolved });
    },
    onSuccess: (data) => {
      client.setQueryData(payeesKey(seriesId), data);
      setProblem(null);
      toast({ type: 'success', message: 'Payees saved', duration: 3000 });
    },
    onError: (error) =>
      setProblem(error instanceof ApiError || error instanceof Error ? error.message : 'The payees could not be saved.'),
  });

  if (payees.isError) return <FormAlert tone="error">We could not load who shares this series.</FormAlert>;
  if (!rows) return <p className="text-sm text-zinc-400">Loading the payees…</p>;
  const total = rows.reduce((sum, row) => sum + toBps(row.percent), 0);
  const update = (index: number, change: Partial<Row>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));

  return (
    <section aria-labelledby="payees-h" className="space-y-3 rounded-xl border border-ink-800 p-4">
      <div>
        <h2 id="payees-h" className="text-xl font-bold text-white">
          Payees
        </h2>
        <p className="mt-1 text-sm text-zinc-400">
          Who shares what readers spend here (unlocks, bundles, gifts), before the site’s fee. The shares add up to 100 %.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-400">No payees: the site keeps what the series earns.</p>
      ) : (
        <ul className="space-y-2">
          {rows.map((row, index) => (
            <li key={index} className="flex flex-wrap items-end gap-2" data-testid="payee-row">
              <label className="text-xs text-zinc-300">
                Username
                <input
                  value={row.username}
                  onChange={(event) => update(index, { username: event.target.value })}
                  className="mt-1 block w-44 rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm text-zinc-100"
                />
              </label>
              <label className="text-xs text-zinc-300">
                Role
                <select
                  value={row.role}
                  onChange={(event) => update(index, { role: event.target.value as PayeeRole })}
                  className="mt-1 block rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm capitalize text-zinc-100"
                >
                  {PAYEE_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-xs text-zinc-300">
                Share (%)
                <input
                  type="number"
                  min={0.01}
                  max={100}
                  step={0.01}
                  value={row.percent}
                  onChange={(event) => update(index, { percent: event.target.value })}
                  className="mt-1 block w-24 rounded-lg border border-ink-700 bg-ink-900 px-2 py-1.5 text-sm tabular-nums text-zinc-100"
                />
              </label>
              <button
                type="button"
                onClick={() => setRows(rows.filter((_, i) => i !== index))}
                aria-label={`Remove ${row.username || 'this payee'}`}
                className="rounded-lg p-2 text-zinc-300 hover:bg-ink-800 hover:text-rose-300"
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p
        className={`text-sm tabular-nums ${rows.length === 0 || total === SHARES_TOTAL_BPS ? 'text-zinc-400' : 'text-amber-300'}`}
      >
        Total: {(total / 100).toLocaleString('en', { maximumFractionDigits: 2 })} %
      </p>
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setRows([...rows, { username: '', role: 'author', percent: '' }])}
        >
          <Plus className="size-4" aria-hidden /> Add a payee
        </button>
        <button type="button" className={primaryButton} disabled={save.isPending} onClick={() => save.mutate(rows)}>
          Save payees
        </button>
      </div>
    </section>
  );
}
