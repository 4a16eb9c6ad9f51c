import { Copy, KeyRound, Smartphone } from 'lucide-react';
import {
  DEVICE_KEY_NAME_MAX,
  KOREADER_SYNC_PATH,
  OPDS2_AUTH_CATALOG_PATH,
  OPDS2_CATALOG_PATH,
  OPDS_AUTH_CATALOG_PATH,
  OPDS_CATALOG_PATH,
  deviceKeyCreateSchema,
  type DeviceKey,
  type DeviceKeyCreated,
} from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert, TextField } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-context';
import { useFormat, type Formatters } from '../../../lib/i18n/format';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { schemaMessage } from '../../../lib/i18n/validation-messages';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../messages';
import { useCreateDeviceKey, useDeviceKeys, useRevokeDeviceKey } from '../api/device-keys';

/** A value to copy, with its button, and when there is a choice, who it is for. */
function CopyRow({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const t = useT();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ message: t('profile.devices.copied', { label }), type: 'success', duration: 3000 });
    } catch {
      toast({ message: t('profile.devices.copyFailed'), type: 'error', duration: 5000 });
    }
  };
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      {hint && <dd className="mt-0.5 text-sm text-zinc-300">{hint}</dd>}
      <dd className="mt-1 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm text-zinc-100">{value}</code>
        <button
          type="button"
          onClick={() => void copy()}
          className={secondaryButton}
          aria-label={t('profile.devices.copyLabel', { label: label.toLowerCase() })}
        >
          <Copy className="size-4" aria-hidden />
        </button>
      </dd>
    </div>
  );
}

/**
 * Where each kind of app connects, on this site's own origin: each catalogue at its plain address
 * and beside it the one that always asks for the key (issue 39), for apps that send a password only
 * when asked.
 */
function Addresses() {
  const t = useT();
  const origin = window.location.origin;
  return (
    <>
      <CopyRow label={t('profile.devices.opds1')} hint={t('profile.apps.opds1Hint')} value={`${origin}${OPDS_CATALOG_PATH}`} />
      <CopyRow
        label={t('profile.apps.opds1Asking')}
        hint={t('profile.apps.askingHint')}
        value={`${origin}${OPDS_AUTH_CATALOG_PATH}`}
      />
      <CopyRow
        label={t('profile.devices.opds2')}
        hint={t('profile.devices.opds2Hint')}
        value={`${origin}${OPDS2_CATALOG_PATH}`}
      />
      <CopyRow label={t('profile.apps.opds2Asking')} value={`${origin}${OPDS2_AUTH_CATALOG_PATH}`} />
      <CopyRow label={t('profile.devices.koreaderSync')} value={`${origin}${KOREADER_SYNC_PATH}`} />
    </>
  );
}

/** The new key's QR code: the server drew it as an SVG data: URL, so showing it asks nothing of any server. */
function SignInQrCode({ qrCode }: { qrCode: string }) {
  const t = useT();
  return (
    <figure className="flex flex-wrap items-center gap-4">
      <img src={qrCode} alt={t('profile.apps.qrAlt')} width={176} height={176} className="rounded-lg bg-white p-1" />
      <figcaption className="max-w-sm space-y-1 text-sm text-zinc-300">
        <strong className="block text-zinc-100">{t('profile.apps.qrTitle')}</strong>
        {t('profile.apps.qrHint')}
      </figcaption>
    </figure>
  );
}

/** The new key, shown this once, with what an app needs to sign in. */
function NewKey({ made, username, onDone }: { made: DeviceKeyCreated; username: string; onDone: () => void }) {
  const t = useT();
  return (
    <section
      aria-label={t('profile.devices.newKey')}
      className="space-y-4 rounded-2xl border border-emerald-500/40 bg-emerald-500/5 p-5"
    >
      <FormAlert tone="success">{t('profile.devices.copyNow', { name: made.name })}</FormAlert>
      <dl className="space-y-3">
        <CopyRow label={t('profile.devices.username')} value={username} />
        <CopyRow label={t('profile.devices.key')} value={made.key} />
        <Addresses />
      </dl>
      <SignInQrCode qrCode={made.qrCode} />
      <HowTo />
      <button type="button" onClick={onDone} className={primaryButton}>
        {t('profile.devices.copiedIt')}
      </button>
    </section>
  );
}

/** The apps known to work (OPDS 1.2 or 2, KOReader's sync), and how each connects. */
function HowTo() {
  const t = useT();
  return (
    <div className="space-y-2 text-sm text-zinc-300">
      <h4 className="font-medium text-zinc-100">{t('profile.apps.whichApps')}</h4>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('profile.apps.koreader')}</li>
        <li>{t('profile.apps.panels')}</li>
        <li>{t('profile.apps.chunky')}</li>
        <li>{t('profile.apps.thorium')}</li>
      </ul>
      <p>{t('profile.apps.sameRules')}</p>
    </div>
  );
}

function lastUse(t: Translate, format: Formatters, key: DeviceKey): string {
  if (!key.lastUsedAt) return t('profile.devices.neverUsed');
  const when = format.timeFromNow(key.lastUsedAt);
  return key.lastUsedAddress
    ? t('profile.devices.lastUsedFrom', { when, address: key.lastUsedAddress })
    : t('profile.devices.lastUsed', { when });
}

/** The reader's keys, each with when it was made and last used, and its Revoke button. */
function KeyList({
  keys,
  items,
  max,
  onRevoke,
}: {
  keys: ReturnType<typeof useDeviceKeys>;
  items: DeviceKey[];
  max: number;
  onRevoke(key: DeviceKey): void;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <section aria-labelledby="keys-heading">
      <h3 id="keys-heading" className="text-lg font-semibold text-white">
        {richText(t(keys.data ? 'profile.devices.keysCount' : 'profile.devices.keys', { count: items.length, max }), {
          count: (words) => <span className="text-sm font-normal text-zinc-400">{words}</span>,
        })}
      </h3>
      {keys.isPending ? (
        <p className="mt-3 text-sm text-zinc-400">{t('profile.devices.loading')}</p>
      ) : keys.isError ? (
        <LoadError message={t('profile.devices.loadFailed')} onRetry={() => void keys.refetch()} />
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">{t('profile.devices.none')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-800 rounded-2xl border border-ink-800 bg-ink-900">
          {items.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="font-medium text-zinc-100">{key.name}</p>
                <p className="mt-0.5 text-sm text-zinc-400">
                  {t('profile.devices.made', { date: format.date(key.createdAt), lastUse: lastUse(t, format, key) })}
                </p>
              </div>
              <button type="button" onClick={() => onRevoke(key)} className={secondaryButton}>
                {t('profile.devices.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /profile/devices (Reader's Area, issue 19 §1): keys for reading apps, so an app never holds the
 * password. A key is made with a name and shown once; each shows when and from where it was last
 * used, and can be revoked.
 */
export default function DevicesPage() {
  const t = useT();
  useDocumentTitle(t('profile.devices.title'));
  const { user } = useAuth();
  const keys = useDeviceKeys();
  const create = useCreateDeviceKey();
  const revoke = useRevokeDeviceKey();
  const toast = useToast();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<DeviceKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<DeviceKey | null>(null);
  const items = keys.data?.items ?? [];
  const max = keys.data?.max ?? 20;
  const isFull = items.length >= max;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = deviceKeyCreateSchema.safeParse({ name });
    if (!checked.success) return setError(schemaMessage(t, checked.error.issues[0]?.message ?? ''));
    setError(undefined);
    create.mutate(checked.data.name, {
      onSuccess: (key) => {
        setMade(key);
        setName('');
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('profile.devices.makeFailed')),
    });
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-xl font-bold text-white">
          <Smartphone className="size-5 text-accent-400" aria-hidden /> {t('profile.devices.title')}
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-zinc-300">{t('profile.devices.intro')}</p>
      </div>

      {made && user && <NewKey made={made} username={user.username} onDone={() => setMade(null)} />}

      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-ink-800 bg-ink-900 p-5"
      >
        <TextField
          label={t('profile.devices.nameLabel')}
          placeholder={t('profile.devices.namePlaceholder')}
          value={name}
          maxLength={DEVICE_KEY_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={error}
          hint={isFull ? t('profile.devices.full', { max }) : t('profile.devices.upTo', { max })}
          className="min-w-60 flex-1"
        />
        <button type="submit" disabled={create.isPending || isFull} className={`${primaryButton} mb-6`}>
          {create.isPending ? (
            <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
          ) : (
            <KeyRound className="size-4" aria-hidden />
          )}
          {t('profile.devices.make')}
        </button>
      </form>

      {!made && (
        <section aria-labelledby="addresses-heading" className="space-y-3 rounded-2xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="addresses-heading" className="text-lg font-semibold text-white">
            {t('profile.devices.whereConnect')}
          </h3>
          <dl className="space-y-3">
            <Addresses />
          </dl>
          <HowTo />
        </section>
      )}

      <KeyList keys={keys} items={items} max={max} onRevoke={setRevoking} />

      {revoking && (
        <ConfirmDialog
          title={t('profile.devices.revokeTitle', { name: revoking.name })}
          confirmLabel={t('profile.devices.revoke')}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke
              .mutateAsync(revoking.id)
              .then(() =>
                toast({ message: t('profile.devices.revoked', { name: revoking.name }), type: 'success', duration: 4000 }),
              )
          }
          renderError={() => t('profile.devices.revokeFailed')}
        >
          {t('profile.devices.revokeNote')}
        </ConfirmDialog>
      )}
    </div>
  );
}
