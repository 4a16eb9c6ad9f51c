// i18n: not yet in the catalogues (issue 35)
import { Copy, KeyRound, Smartphone } from 'lucide-react';
import {
  DEVICE_KEY_NAME_MAX,
  KOREADER_SYNC_PATH,
  OPDS2_CATALOG_PATH,
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
import { formatDate, timeFromNow } from '../../../lib/time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateDeviceKey, useDeviceKeys, useRevokeDeviceKey } from '../api/device-keys';

/** A value to copy, with its button, and when there is a choice, who it is for. */
function CopyRow({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ message: `${label} copied.`, type: 'success', duration: 3000 });
    } catch {
      toast({ message: 'Copying did not work here: select it and copy it by hand.', type: 'error', duration: 5000 });
    }
  };
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      {hint && <dd className="mt-0.5 text-sm text-zinc-300">{hint}</dd>}
      <dd className="mt-1 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-950 px-3 py-2 font-mono text-sm text-zinc-100">{value}</code>
        <button type="button" onClick={() => void copy()} className={secondaryButton} aria-label={`Copy ${label.toLowerCase()}`}>
          <Copy className="size-4" aria-hidden />
        </button>
      </dd>
    </div>
  );
}

/** Where each kind of app connects, on this site's own origin. */
function Addresses() {
  const origin = window.location.origin;
  return (
    <>
      <CopyRow
        label="OPDS 1.2 catalogue"
        hint="For most apps (KOReader, Panels, Chunky, Mihon…): use this one."
        value={`${origin}${OPDS_CATALOG_PATH}`}
      />
      <CopyRow
        label="OPDS 2 catalogue"
        hint="For apps that speak OPDS 2 (Thorium, Readium-based apps): the same catalogue in the newer format."
        value={`${origin}${OPDS2_CATALOG_PATH}`}
      />
      <CopyRow label="KOReader sync server" value={`${origin}${KOREADER_SYNC_PATH}`} />
    </>
  );
}

/** The new key, shown this once, with what an app needs to sign in. */
function NewKey({ made, username, onDone }: { made: DeviceKeyCreated; username: string; onDone: () => void }) {
  return (
    <section aria-label="Your new key" className="space-y-4 rounded-2xl border border-emerald-500/40 bg-emerald-500/5 p-5">
      <FormAlert tone="success">
        Copy the key for “{made.name}” now: it is shown only this once. If you lose it, revoke it and make another.
      </FormAlert>
      <dl className="space-y-3">
        <CopyRow label="Username" value={username} />
        <CopyRow label="Key" value={made.key} />
        <Addresses />
      </dl>
      <HowTo />
      <button type="button" onClick={onDone} className={primaryButton}>
        I have copied it
      </button>
    </section>
  );
}

function HowTo() {
  return (
    <div className="space-y-2 text-sm text-zinc-300">
      <p>
        In your reading app (Panels, Chunky, Thorium, KOReader’s catalogue, Mihon with an OPDS source…), add an OPDS catalogue
        with its address, your username, and the key as the password. The app reads what you may read here, at the same prices and
        with the same locks.
      </p>
      <p>
        In KOReader, open Progress sync, choose “Custom sync server” with the KOReader address, and log in with your username and
        the key. Chapters downloaded from the catalogue then keep one place with this site and your other apps.
      </p>
    </div>
  );
}

function lastUse(key: DeviceKey): string {
  if (!key.lastUsedAt) return 'Never used';
  return `Last used ${timeFromNow(key.lastUsedAt)}${key.lastUsedAddress ? ` from ${key.lastUsedAddress}` : ''}`;
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
  return (
    <section aria-labelledby="keys-heading">
      <h3 id="keys-heading" className="text-lg font-semibold text-white">
        Your keys{' '}
        {keys.data && (
          <span className="text-sm font-normal text-zinc-400">
            ({items.length} of {max})
          </span>
        )}
      </h3>
      {keys.isPending ? (
        <p className="mt-3 text-sm text-zinc-400">Loading your keys…</p>
      ) : keys.isError ? (
        <LoadError message="Your keys could not be loaded." onRetry={() => void keys.refetch()} />
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-400">No keys yet. Make one above for each app you read in.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-800 rounded-2xl border border-ink-800 bg-ink-900">
          {items.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
              <div className="min-w-0">
                <p className="font-medium text-zinc-100">{key.name}</p>
                <p className="mt-0.5 text-sm text-zinc-400">
                  Made {formatDate(key.createdAt)} · {lastUse(key)}
                </p>
              </div>
              <button type="button" onClick={() => onRevoke(key)} className={secondaryButton}>
                Revoke
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
  useDocumentTitle('Apps and devices');
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
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    create.mutate(checked.data.name, {
      onSuccess: (key) => {
        setMade(key);
        setName('');
      },
      onError: (failure) =>
        setError(failure instanceof ApiError ? failure.message : 'The key could not be made. Please try again.'),
    });
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="flex items-center gap-2 text-xl font-bold text-white">
          <Smartphone className="size-5 text-accent-400" aria-hidden /> Apps and devices
        </h2>
        <p className="mt-2 max-w-2xl text-sm text-zinc-300">
          Read Inkwell in the apps you like. Each app signs in with a key of its own, never your password; revoke a key and that
          app is signed out.
        </p>
      </div>

      {made && user && <NewKey made={made} username={user.username} onDone={() => setMade(null)} />}

      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-3 rounded-2xl border border-ink-800 bg-ink-900 p-5"
      >
        <TextField
          label="Name the app or device"
          placeholder="Panels on my iPad"
          value={name}
          maxLength={DEVICE_KEY_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
          error={error}
          hint={isFull ? `You have ${max} keys: revoke one you no longer use to make another.` : `Up to ${max} keys.`}
          className="min-w-60 flex-1"
        />
        <button type="submit" disabled={create.isPending || isFull} className={`${primaryButton} mb-6`}>
          {create.isPending ? (
            <span className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
          ) : (
            <KeyRound className="size-4" aria-hidden />
          )}
          Make a key
        </button>
      </form>

      {!made && (
        <section aria-labelledby="addresses-heading" className="space-y-3 rounded-2xl border border-ink-800 bg-ink-900 p-5">
          <h3 id="addresses-heading" className="text-lg font-semibold text-white">
            Where apps connect
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
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke"
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke
              .mutateAsync(revoking.id)
              .then(() => toast({ message: `“${revoking.name}” is revoked.`, type: 'success', duration: 4000 }))
          }
          renderError={() => 'The key could not be revoked. Please try again.'}
        >
          The app using it is signed out at its next request. This cannot be undone; you can make a new key.
        </ConfirmDialog>
      )}
    </div>
  );
}
