// i18n: not yet in the catalogues (issue 35)
import {
  ADS_SCRIPTS_MAX_LENGTH,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  SITE_CONTACTS_MAX,
  type SiteConfigAnswer,
  type SiteConfigPatch,
  type SiteSettings,
} from '@inkwell/contract';
import { AlertTriangle, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EditForm, type EditFormState } from '../components/edit-form';
import { CheckboxField, FieldError, SelectField, TextAreaField } from '../components/fields';
import { LeaveGuard } from '../components/leave-guard';
import { useSiteConfig, useUpdateSiteConfig } from './api';

type Contact = SiteSettings['contacts'][number];
type Errors = Record<string, string>;

const CONTACT_KINDS: { value: Contact['kind']; label: string; placeholder: string }[] = [
  { value: 'github', label: 'GitHub', placeholder: 'https://github.com/…' },
  { value: 'email', label: 'E-mail', placeholder: 'team@example.com' },
  { value: 'x', label: 'X', placeholder: 'https://x.com/…' },
  { value: 'website', label: 'Website', placeholder: 'https://…' },
];

/**
 * One section's values and save: what was saved last (for the question before leaving), the
 * server's field errors (keyed `site.contacts.0.url`) without the section's name, for that
 * section's fields, and a toast either way.
 */
function useSection<V>(section: keyof SiteConfigPatch, initial: V) {
  const toast = useToast();
  const update = useUpdateSiteConfig();
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const save = (body: SiteConfigPatch, successMessage: string) => {
    const sent = values;
    setErrors({});
    update.mutate(body, {
      onSuccess: () => {
        setSaved(sent);
        toast({ type: 'success', message: successMessage, duration: 4000 });
      },
      onError: (error) => {
        const fields: Errors = {};
        if (error instanceof ApiError && error.fields) {
          for (const [key, message] of Object.entries(error.fields)) {
            fields[key.startsWith(`${section}.`) ? key.slice(section.length + 1) : 'form'] ??= message;
          }
        }
        if (Object.keys(fields).length === 0 || fields.form) fields.form = fields.form ?? error.message ?? 'Saving failed';
        setErrors(fields);
        toast({ type: 'error', message: error.message || 'Saving failed', duration: 6000 });
      },
    });
  };
  const form: EditFormState = {
    isDirty: JSON.stringify(values) !== JSON.stringify(saved),
    isBusy: update.isPending,
    formError: errors.form,
  };
  return { values, setValues, save, errors, form };
}

function Section({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-ink-800 bg-ink-900 p-5">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      <div className="mt-1 text-sm text-zinc-400">{description}</div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function GeneralSection({ site }: { site: SiteSettings }) {
  const {
    values,
    setValues,
    save,
    errors,
    form: state,
  } = useSection('site', {
    siteName: site.siteName,
    developerName: site.developerName,
    discordUrl: site.discordUrl ?? '',
    contacts: site.contacts,
  });
  const { contacts, ...form } = values;
  const setForm = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });
  const setContacts = (next: Contact[]) => setForm({ contacts: next });
  const setContact = (index: number, patch: Partial<Contact>) =>
    setContacts(contacts.map((contact, at) => (at === index ? { ...contact, ...patch } : contact)));

  return (
    <Section title="General" description="The site's name, the user menu's Discord entry and the footer's contacts.">
      <EditForm
        label="General"
        form={state}
        onSubmit={() => save({ site: { ...values, discordUrl: form.discordUrl.trim() || null } }, 'General settings saved.')}
        submitLabel="Save general settings"
        busyLabel="Saving…"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Site name"
            value={form.siteName}
            maxLength={60}
            onChange={(event) => setForm({ siteName: event.target.value })}
            error={errors.siteName}
          />
          <TextField
            label="Made by"
            value={form.developerName}
            maxLength={80}
            onChange={(event) => setForm({ developerName: event.target.value })}
            error={errors.developerName}
            hint="The name in the footer (a click on it fires confetti)."
          />
        </div>
        <TextField
          label="Discord link"
          type="url"
          inputMode="url"
          placeholder="https://discord.gg/…"
          value={form.discordUrl}
          onChange={(event) => setForm({ discordUrl: event.target.value })}
          error={errors.discordUrl}
          hint="The Discord entry of the user menu. Leave it empty to hide the entry."
        />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-200">Footer contacts</legend>
          {contacts.length === 0 && <p className="text-sm text-zinc-400">No contacts: the footer shows none.</p>}
          <ul className="space-y-3">
            {contacts.map((contact, index) => (
              <li key={index} className="flex flex-wrap items-start gap-2" data-testid="contact-row">
                <SelectField
                  label={`Contact ${index + 1} kind`}
                  className="w-36"
                  value={contact.kind}
                  onChange={(event) => setContact(index, { kind: event.target.value as Contact['kind'] })}
                  error={errors[`contacts.${index}.kind`]}
                >
                  {CONTACT_KINDS.map((kind) => (
                    <option key={kind.value} value={kind.value}>
                      {kind.label}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={`Contact ${index + 1} address`}
                  className="min-w-56 flex-1"
                  value={contact.url}
                  placeholder={CONTACT_KINDS.find((kind) => kind.value === contact.kind)?.placeholder}
                  onChange={(event) => setContact(index, { url: event.target.value })}
                  error={errors[`contacts.${index}.url`]}
                />
                <button
                  type="button"
                  onClick={() => setContacts(contacts.filter((_, at) => at !== index))}
                  aria-label={`Remove contact ${index + 1}`}
                  className="mt-7 rounded-lg p-2 text-zinc-400 hover:bg-rose-500/10 hover:text-rose-300"
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
          <FieldError error={errors.contacts} />
          <button
            type="button"
            disabled={contacts.length >= SITE_CONTACTS_MAX}
            onClick={() => setContacts([...contacts, { kind: 'website', url: '' }])}
            className={`${secondaryButton} mt-3`}
          >
            <Plus className="size-4" aria-hidden /> Add contact
          </button>
          <p className="mt-1.5 text-xs text-zinc-400">
            Full http(s) addresses; for e-mail, the address itself. Up to {SITE_CONTACTS_MAX}.
          </p>
        </fieldset>
      </EditForm>
    </Section>
  );
}

function RegistrationSection({ open }: { open: boolean }) {
  const { values: isOpen, setValues: setIsOpen, save, form } = useSection('registration', open);
  return (
    <Section
      title="Registration"
      description="Whether new readers can create accounts. Closed, the register page says so and the server refuses sign-ups; existing accounts sign in as usual."
    >
      <EditForm
        label="Registration"
        form={form}
        onSubmit={() => save({ registration: { open: isOpen } }, isOpen ? 'Registration is open.' : 'Registration is closed.')}
        submitLabel="Save registration"
        busyLabel="Saving…"
      >
        <CheckboxField label="Registration open" checked={isOpen} onChange={setIsOpen} />
      </EditForm>
    </Section>
  );
}

function MaintenanceSection({ maintenance }: { maintenance: SiteConfigAnswer['maintenance'] }) {
  const { values: form, setValues: setForm, save, errors, form: state } = useSection('maintenance', maintenance);
  return (
    <Section
      title="Maintenance"
      description={
        <>
          While it is on, visitors and readers see the maintenance page with your message on every page, and the API answers their
          calls with 503. Editors and admins sign in on /login and work as usual, under a banner.
        </>
      }
    >
      <EditForm
        label="Maintenance"
        form={state}
        onSubmit={() => save({ maintenance: form }, form.enabled ? 'Maintenance mode is on.' : 'Maintenance mode is off.')}
        submitLabel="Save maintenance"
        busyLabel="Saving…"
      >
        <CheckboxField label="Maintenance mode on" checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
        <TextAreaField
          label="Message"
          rows={3}
          maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
          value={form.message}
          placeholder="We are moving to a bigger server. Back at 14:00 UTC."
          onChange={(event) => setForm({ ...form, message: event.target.value })}
          error={errors.message}
          hint={`Shown on the maintenance page; without one it says the site is being improved. ${form.message.length} / ${MAINTENANCE_MESSAGE_MAX_LENGTH}`}
        />
      </EditForm>
    </Section>
  );
}

function AdsSection({ ads }: { ads: SiteConfigAnswer['ads'] }) {
  const { values: form, setValues: setForm, save, errors, form: state } = useSection('ads', ads);
  return (
    <Section
      title="Ads"
      description="The ad network's code, shown to visitors and readers without a plan on public reading pages. Premium readers and the team never see ads."
    >
      <EditForm
        label="Ads"
        form={state}
        onSubmit={() => save({ ads: form }, 'Ad settings saved.')}
        submitLabel="Save ads"
        busyLabel="Saving…"
      >
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-rose-500/50 bg-rose-500/10 p-3 text-sm text-rose-200"
          data-testid="ads-warning"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-rose-400" aria-hidden />
          <p>
            <strong className="font-semibold text-rose-100">These scripts run in readers&apos; browsers on public pages</strong>,
            with full access to those pages: what readers see and type there. Only paste code from an ad network you trust.
          </p>
        </div>
        <CheckboxField label="Show ads" checked={form.enabled} onChange={(enabled) => setForm({ ...form, enabled })} />
        <TextAreaField
          label="Ad scripts"
          rows={8}
          spellCheck={false}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          value={form.scripts}
          placeholder={'<script async src="https://ads.example.com/tag.js"></script>'}
          onChange={(event) => setForm({ ...form, scripts: event.target.value })}
          error={errors.scripts}
          hint={`${form.scripts.length.toLocaleString()} / ${ADS_SCRIPTS_MAX_LENGTH.toLocaleString()} characters`}
        />
      </EditForm>
    </Section>
  );
}

function PayoutsSection({ payouts }: { payouts: SiteConfigAnswer['payouts'] }) {
  const { values: fee, setValues: setFee, save, errors, form } = useSection('payouts', String(payouts.feePercent));
  return (
    <Section
      title="Payouts"
      description="The site's part of what series earn for their payees: coins spent on a series, gifts, and its share of Premium subscriptions. A month keeps the fee in force when it closes, about an hour after it ends; a closed month never changes."
    >
      <EditForm
        label="Payouts"
        form={form}
        onSubmit={() => {
          const feePercent = Number(fee);
          // A blank or non-number is sent as it is, so the server's message explains it.
          save(
            { payouts: { feePercent: fee.trim() === '' || Number.isNaN(feePercent) ? (fee as unknown as number) : feePercent } },
            'Payout fee saved.',
          );
        }}
        submitLabel="Save payouts"
        busyLabel="Saving…"
      >
        <TextField
          label="Site's fee (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          className="max-w-xs"
          value={fee}
          onChange={(event) => setFee(event.target.value)}
          error={errors.feePercent}
          hint="Whole percent, 0–100. Payees see their gross, this fee and their net on their earnings page."
        />
      </EditForm>
    </Section>
  );
}

function TwoFactorNotice() {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
      <div>
        <p className="font-semibold">Two-factor sign-in is required to change the configuration</p>
        <p className="mt-1 text-amber-100/90">
          Turn on two-factor sign-in in{' '}
          <Link to="/profile/me" className="font-semibold text-amber-200 underline hover:text-white">
            your profile
          </Link>{' '}
          before changing the site&apos;s configuration. Until then you can read it but not change it.
        </p>
      </div>
    </div>
  );
}

/** /Dashboard/Configuration (admins; issue 10 §2): general settings, registration, maintenance, ads and the payout fee. */
export default function ConfigurationPage() {
  useDocumentTitle('Configuration');
  const config = useSiteConfig();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-white">Configuration</h1>
        <p className="mt-1 text-sm text-zinc-400">
          How the site presents itself, who may sign up, maintenance, ads and the payout fee.
        </p>
      </div>
      {config.isPending ? (
        <div className="space-y-4" aria-hidden>
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-40 animate-pulse rounded-xl bg-ink-900" />
          ))}
        </div>
      ) : config.isError ? (
        <LoadError message="The configuration could not be loaded." onRetry={() => void config.refetch()} />
      ) : (
        <>
          {!config.data.twoFactorEnabled && <TwoFactorNotice />}
          {/* Without two-factor sign-in every control is off; the server refuses the change anyway. */}
          <LeaveGuard>
            <fieldset disabled={!config.data.twoFactorEnabled} className="space-y-6 disabled:opacity-70">
              <legend className="sr-only">Site configuration</legend>
              <GeneralSection site={config.data.site} />
              <RegistrationSection open={config.data.registration.open} />
              <MaintenanceSection maintenance={config.data.maintenance} />
              <AdsSection ads={config.data.ads} />
              <PayoutsSection payouts={config.data.payouts} />
            </fieldset>
          </LeaveGuard>
        </>
      )}
    </div>
  );
}
