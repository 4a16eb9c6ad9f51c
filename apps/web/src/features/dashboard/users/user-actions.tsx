// i18n: not yet in the catalogues (issue 35)
import {
  ADJUSTMENT_REASON_MAX,
  coinAdjustmentSchema,
  COIN_ADJUSTMENT_MAX,
  ROLES,
  type AdminUserDetail,
  type Role,
} from '@inkwell/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { formatCoins } from '../../../lib/money';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { SelectField } from '../components/fields';
import { useAdjustCoins } from './api/adjust-coins';
import { useUpdateUser } from './api/update-user';
import { roleLabel } from './user-ui';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'That did not work. Please try again.';

/** The role select; the server refuses to demote the last admin and says so. */
function RoleSection({ user }: { user: AdminUserDetail }) {
  const update = useUpdateUser(user.id);
  // The admin's pick until it is saved; then the user's role as the server answered it.
  const [choice, setChoice] = useState<Role | null>(null);
  const role = choice ?? user.role;
  const [done, setDone] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    update.mutate(
      { role },
      {
        onSuccess: ({ message }) => {
          setChoice(null);
          setDone(message);
        },
      },
    );
  };

  return (
    <Panel title="Role">
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <SelectField label="Role" value={role} onChange={(event) => setChoice(event.target.value as Role)} className="w-40">
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {roleLabel(value)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={primaryButton} disabled={role === user.role || update.isPending}>
          {update.isPending ? 'Saving…' : 'Save role'}
        </button>
      </form>
      <p className="text-xs text-zinc-400">
        Editors work on series, chapters and comments; admins also run users, money and the site.
      </p>
      {update.isError && <FormAlert tone="error">{errorText(update.error)}</FormAlert>}
      {done && <FormAlert tone="success">{done}</FormAlert>}
    </Panel>
  );
}

/** Ban (every session ends at once) or unban, each after a confirmation. */
function BanSection({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const update = useUpdateUser(user.id);
  const [isAsking, setIsAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const banning = !user.isBanned;

  return (
    <Panel title="Access">
      <p className="text-sm text-zinc-300">
        {user.isBanned
          ? `${user.username} is banned: they cannot sign in, and signing in tells them the account is suspended.`
          : `${user.username} can sign in. A ban signs them out everywhere at once.`}
      </p>
      {isSelf && banning ? (
        <p className="text-sm text-zinc-400">You cannot ban yourself.</p>
      ) : (
        <button
          type="button"
          onClick={() => {
            setDone(null);
            setIsAsking(true);
          }}
          className={
            banning
              ? 'rounded-lg border border-rose-500/50 px-4 py-2 text-sm font-semibold text-rose-200 hover:bg-rose-500/10'
              : secondaryButton
          }
        >
          {banning ? `Ban ${user.username}` : `Unban ${user.username}`}
        </button>
      )}
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {isAsking && (
        <ConfirmDialog
          title={banning ? `Ban ${user.username}?` : `Unban ${user.username}?`}
          confirmLabel={banning ? 'Ban and sign out' : 'Unban'}
          onConfirm={async () => setDone((await update.mutateAsync({ banned: banning })).message)}
          onClose={() => setIsAsking(false)}
          renderError={errorText}
        >
          {banning
            ? `They are signed out on every device at once and cannot sign in until unbanned; their comments stay. You can unban them later.`
            : `They can sign in again with their password.`}
        </ConfirmDialog>
      )}
    </Panel>
  );
}

const EMPTY = { delta: '', reason: '' };

/** Adds (positive) or takes (negative) coins with a reason the user sees in their wallet. */
function CoinsSection({ user }: { user: AdminUserDetail }) {
  const adjust = useAdjustCoins(user.id);
  const { errors, formError, isBusy, submit, clearError, formRef } = useFormSubmit();
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const body = { delta: form.delta.trim() === '' ? undefined : Number(form.delta), reason: form.reason };
    const parsed = coinAdjustmentSchema.safeParse(body);
    void submit(parsed.success ? {} : fieldErrors(parsed.error.issues), async () => {
      const result = await adjust.mutateAsync(parsed.data!);
      setDone(result.message);
      setForm(EMPTY);
    });
  };

  return (
    <Panel title="Coins">
      <p className="text-sm text-zinc-300">
        Balance: <span className="font-semibold tabular-nums text-zinc-100">{formatCoins(user.coins)}</span> coins
      </p>
      <form ref={formRef} onSubmit={send} className="space-y-3" noValidate>
        <TextField
          label="Coins to add or take"
          name="delta"
          type="number"
          inputMode="numeric"
          step={1}
          min={-COIN_ADJUSTMENT_MAX}
          max={COIN_ADJUSTMENT_MAX}
          placeholder="50, or -50 to take"
          value={form.delta}
          onChange={(event) => {
            setForm({ ...form, delta: event.target.value });
            clearError('delta');
          }}
          error={errors.delta}
          hint="A negative number takes coins; the balance never goes below 0."
        />
        <TextField
          label="Reason"
          name="reason"
          maxLength={ADJUSTMENT_REASON_MAX}
          placeholder="Why, in a few words"
          value={form.reason}
          onChange={(event) => {
            setForm({ ...form, reason: event.target.value });
            clearError('reason');
          }}
          error={errors.reason}
          hint="Required. The user sees it in their wallet."
        />
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        {done && <FormAlert tone="success">{done}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isBusy}>
          {isBusy ? 'Adjusting…' : 'Adjust coins'}
        </button>
      </form>
    </Panel>
  );
}

/** What an admin can do to a user: role, ban, coins. */
export function UserActions({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <RoleSection user={user} />
      <BanSection user={user} isSelf={isSelf} />
      <CoinsSection user={user} />
    </div>
  );
}
