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
import { useFormat } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { SelectField } from '../components/fields';
import { useAdjustCoins } from './api/adjust-coins';
import { useUpdateUser } from './api/update-user';
import { roleLabel } from './user-ui';
import '../messages';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

const errorText = (t: Translate, error: unknown) =>
  error instanceof Error && error.message ? error.message : t('dashboard.users.actions.failed');

/** The role select; the server refuses to demote the last admin and says so. */
function RoleSection({ user }: { user: AdminUserDetail }) {
  const t = useT();
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
    <Panel title={t('dashboard.users.roleColumn')}>
      <form onSubmit={save} className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('dashboard.users.roleColumn')}
          value={role}
          onChange={(event) => setChoice(event.target.value as Role)}
          className="w-40"
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {roleLabel(t, value)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className={primaryButton} disabled={role === user.role || update.isPending}>
          {update.isPending ? t('dashboard.users.actions.saving') : t('dashboard.users.actions.saveRole')}
        </button>
      </form>
      <p className="text-xs text-zinc-400">{t('dashboard.users.actions.roleHint')}</p>
      {update.isError && <FormAlert tone="error">{errorText(t, update.error)}</FormAlert>}
      {done && <FormAlert tone="success">{done}</FormAlert>}
    </Panel>
  );
}

/** Ban (every session ends at once) or unban, each after a confirmation. */
function BanSection({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const t = useT();
  const update = useUpdateUser(user.id);
  const [isAsking, setIsAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const banning = !user.isBanned;

  return (
    <Panel title={t('dashboard.users.actions.access')}>
      <p className="text-sm text-zinc-300">
        {user.isBanned
          ? t('dashboard.users.actions.isBanned', { username: user.username })
          : t('dashboard.users.actions.canSignIn', { username: user.username })}
      </p>
      {isSelf && banning ? (
        <p className="text-sm text-zinc-400">{t('dashboard.users.actions.notYourself')}</p>
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
          {banning
            ? t('dashboard.users.actions.ban', { username: user.username })
            : t('dashboard.users.actions.unban', { username: user.username })}
        </button>
      )}
      {done && <FormAlert tone="success">{done}</FormAlert>}
      {isAsking && (
        <ConfirmDialog
          title={
            banning
              ? t('dashboard.users.actions.banTitle', { username: user.username })
              : t('dashboard.users.actions.unbanTitle', { username: user.username })
          }
          confirmLabel={banning ? t('dashboard.users.actions.banConfirm') : t('dashboard.users.actions.unbanConfirm')}
          onConfirm={async () => setDone((await update.mutateAsync({ banned: banning })).message)}
          onClose={() => setIsAsking(false)}
          renderError={(error) => errorText(t, error)}
        >
          {banning ? t('dashboard.users.actions.banNote') : t('dashboard.users.actions.unbanNote')}
        </ConfirmDialog>
      )}
    </Panel>
  );
}

const EMPTY = { delta: '', reason: '' };

/** Adds (positive) or takes (negative) coins with a reason the user sees in their wallet. */
function CoinsSection({ user }: { user: AdminUserDetail }) {
  const t = useT();
  const format = useFormat();
  const adjust = useAdjustCoins(user.id);
  const { errors, formError, isBusy, submit, clearError, formRef } = useFormSubmit();
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const body = { delta: form.delta.trim() === '' ? undefined : Number(form.delta), reason: form.reason };
    const parsed = coinAdjustmentSchema.safeParse(body);
    void submit(parsed.success ? {} : fieldErrors(parsed.error.issues, t), async () => {
      const result = await adjust.mutateAsync(parsed.data!);
      setDone(result.message);
      setForm(EMPTY);
    });
  };

  return (
    <Panel title={t('dashboard.users.coins')}>
      <p className="text-sm text-zinc-300">
        {richText(t('dashboard.users.actions.balance', { coins: format.count(user.coins) }), {
          amount: (words) => <span className="font-semibold tabular-nums text-zinc-100">{words}</span>,
        })}
      </p>
      <form ref={formRef} onSubmit={send} className="space-y-3" noValidate>
        <TextField
          label={t('dashboard.users.actions.delta')}
          name="delta"
          type="number"
          inputMode="numeric"
          step={1}
          min={-COIN_ADJUSTMENT_MAX}
          max={COIN_ADJUSTMENT_MAX}
          placeholder={t('dashboard.users.actions.deltaPlaceholder')}
          value={form.delta}
          onChange={(event) => {
            setForm({ ...form, delta: event.target.value });
            clearError('delta');
          }}
          error={errors.delta}
          hint={t('dashboard.users.actions.deltaHint')}
        />
        <TextField
          label={t('dashboard.users.actions.reason')}
          name="reason"
          maxLength={ADJUSTMENT_REASON_MAX}
          placeholder={t('dashboard.users.actions.reasonPlaceholder')}
          value={form.reason}
          onChange={(event) => {
            setForm({ ...form, reason: event.target.value });
            clearError('reason');
          }}
          error={errors.reason}
          hint={t('dashboard.users.actions.reasonHint')}
        />
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        {done && <FormAlert tone="success">{done}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isBusy}>
          {isBusy ? t('dashboard.users.actions.adjusting') : t('dashboard.users.actions.adjust')}
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
