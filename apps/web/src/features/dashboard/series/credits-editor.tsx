import { CREDIT_ROLES, CREDITS_MAX, type Credit, type CreditInput, type CreditRole } from '@inkwell/contract';
import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { callApiData } from '../../../lib/api-client';
import type { Translate } from '../../../lib/i18n/i18n-context';
import { useT } from '../../../lib/i18n/i18n-context';
import { FieldError } from '../components/fields';
import '../messages';

/**
 * A credit as the form holds it (issue 37 §2): a role, a name, and the account it is on the site,
 * typed as a username (`account`) and linked (`userId`) when the credit is saved.
 */
export interface CreditDraft {
  role: CreditRole;
  name: string;
  account: string;
  userId: string | null;
}

/** The credits an answer holds, as drafts. */
export const creditDrafts = (credits: Credit[] | undefined): CreditDraft[] =>
  (credits ?? []).map((credit) => ({
    role: credit.role,
    name: credit.name,
    account: credit.username ?? '',
    userId: credit.userId,
  }));

/** The drafts as the API takes them (an account typed and not looked up yet goes unlinked: see `linkAccounts`). */
export const creditInputs = (drafts: CreditDraft[]): CreditInput[] =>
  drafts.map(({ role, name, userId }) => ({ role, name, userId: userId ?? null }));

/**
 * Links the usernames typed in the drafts to their accounts through the admins' users search; the
 * first username no account has is returned (the form says so), else the linked drafts.
 */
export async function linkAccounts(drafts: CreditDraft[]): Promise<{ drafts: CreditDraft[] } | { unknown: string }> {
  const linked: CreditDraft[] = [];
  for (const draft of drafts) {
    const account = draft.account.trim();
    if (account === '') {
      linked.push({ ...draft, account: '', userId: null });
      continue;
    }
    if (draft.userId) {
      linked.push(draft);
      continue;
    }
    const found = await callApiData('adminUsers', { query: { q: account } });
    const user = found.items.find((item) => item.username.toLowerCase() === account.toLowerCase());
    if (!user) return { unknown: account };
    linked.push({ ...draft, account: user.username, userId: user.id });
  }
  return { drafts: linked };
}

/** A credit's role in words, as the dashboard's selects say it. */
const creditRoleText = (t: Translate, role: CreditRole) => t('dashboard.volumes.role', { role });

const input =
  'w-full rounded-lg border border-ink-700 bg-ink-900 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-accent-500';

/**
 * Credits as repeatable rows: a role, a name, and (for admins, who can look accounts up) the
 * account's username. `hint` says what the credits are for (a series' defaults, a chapter's own).
 */
export function CreditsEditor({
  legend,
  hint,
  value,
  onChange,
  error,
  canLinkAccounts,
}: {
  legend: string;
  hint: string;
  value: CreditDraft[];
  onChange(next: CreditDraft[]): void;
  error?: string | undefined;
  /** Admins may link a credit to an account by its username; others keep the links there are. */
  canLinkAccounts: boolean;
}) {
  const t = useT();
  const id = useId();
  const change = (index: number, patch: Partial<CreditDraft>) =>
    onChange(value.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  return (
    <fieldset className="rounded-xl border border-ink-800 p-4" data-testid="credits-editor">
      <legend className="px-1 text-sm font-medium text-zinc-200">{legend}</legend>
      <p className="mb-3 text-xs text-zinc-400">{hint}</p>
      {value.length > 0 && (
        <ul className="space-y-2">
          {value.map((draft, index) => {
            const label = t('dashboard.volumes.creditLabel', { index: index + 1 });
            return (
              <li key={index} className="grid gap-2 sm:grid-cols-[9rem_1fr_1fr_auto]" aria-label={label}>
                <label htmlFor={`${id}-r${index}`} className="sr-only">
                  {t('dashboard.volumes.creditRole')}
                </label>
                <select
                  id={`${id}-r${index}`}
                  value={draft.role}
                  onChange={(event) => change(index, { role: event.target.value as CreditRole })}
                  className={input}
                >
                  {CREDIT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {creditRoleText(t, role)}
                    </option>
                  ))}
                </select>
                <label htmlFor={`${id}-n${index}`} className="sr-only">
                  {t('dashboard.volumes.creditName')}
                </label>
                <input
                  id={`${id}-n${index}`}
                  value={draft.name}
                  onChange={(event) => change(index, { name: event.target.value })}
                  placeholder={t('dashboard.volumes.creditName')}
                  maxLength={120}
                  className={input}
                />
                {canLinkAccounts ? (
                  <>
                    <label htmlFor={`${id}-a${index}`} className="sr-only">
                      {t('dashboard.volumes.creditAccount')}
                    </label>
                    <input
                      id={`${id}-a${index}`}
                      value={draft.account}
                      // A username typed anew is looked up again when the form is saved.
                      onChange={(event) => change(index, { account: event.target.value, userId: null })}
                      placeholder={t('dashboard.volumes.creditAccount')}
                      autoComplete="off"
                      className={input}
                    />
                  </>
                ) : (
                  <span className="self-center truncate text-xs text-zinc-400">
                    {draft.userId && draft.account ? t('dashboard.volumes.creditLinked', { username: draft.account }) : ''}
                  </span>
                )}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                  aria-label={t('dashboard.volumes.creditRemove', { index: index + 1 })}
                  className="justify-self-start rounded-lg p-2 text-zinc-400 hover:bg-ink-800 hover:text-white"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {value.length < CREDITS_MAX && (
        <button
          type="button"
          onClick={() =>
            onChange([...value, { role: value.length === 0 ? 'writer' : 'artist', name: '', account: '', userId: null }])
          }
          className="mt-3 inline-flex items-center gap-1 rounded-lg bg-ink-800 px-3 py-1.5 text-sm text-zinc-200 hover:bg-ink-700"
        >
          <Plus className="size-4" aria-hidden />
          {t('dashboard.volumes.creditAdd')}
        </button>
      )}
      <FieldError error={error} />
    </fieldset>
  );
}
