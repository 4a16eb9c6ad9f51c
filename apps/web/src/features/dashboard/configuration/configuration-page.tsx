import {
  ADS_SCRIPTS_MAX_LENGTH,
  MAINTENANCE_MESSAGE_MAX_LENGTH,
  SITE_CONTACTS_MAX,
  type SiteConfigAnswer,
  type SiteConfigPatch,
  type SiteSettings,
} from '@inkwell/contract';
import { AlertTriangle, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CheckboxField, SelectField, TextAreaField } from '../components/fields';
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
 * One section's save: the server's answer replaces the page's copy, and its field errors (keyed
 * `site.contacts.0.url`) come back without the section's name, for that section's fields.
 */
function useSectionSave(section: keyof SiteConfigPatch, successMessage: string) {
  const toast = useToast();
  const update = useUpdateSiteConfig();
  const [errors, setErrors] = useState<Errors>({});
  const save = (body: SiteConfigPatch) => {
    setErrors({});
    update.mutate(body, {
      onSuccess: () => toast({ type: 'success', message: successMessage, duration: 4000 }),
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
  return { save, errors, isSaving: update.isPending };
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

function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
      {message}
    </p>
  );
}

function SaveButton({ isSaving, children }: { isSaving: boolean; children: ReactNode }) {
  return (
    <button type="submit" disabled={isSaving} className={primaryButton}>
      {isSaving ? 'Saving…' : children}
    </button>
  );
}

function GeneralSection({ site }: { site: SiteSettings }) {
  const [form, setForm] = useState({
    siteName: site.siteName,
    developerName: site.developerName,
    discordUrl: site.discordUrl ?? '',
  });
  const [contacts, setContacts] = useState<Contact[]>(site.contacts);
  const { save, errors, isSaving } = useSectionSave('site', 'General settings saved.');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ site: { ...form, discordUrl: form.discordUrl.trim() || null, contacts } });
  };
  const setContact = (index: number, patch: Partial<Contact>) =>
    setContacts(contacts.map((contact, at) => (at === index ? { ...contact, ...patch } : contact)));

  return (
    <Section title="General" description="The site's name, the user menu's Discord entry and the footer's contacts.">
      <form aria-label="General" onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Site name"
            value={form.siteName}
            maxLength={60}
            onChange={(event) => setForm({ ...form, siteName: event.target.value })}
            error={errors.siteName}
          />
          <TextField
            label="Made by"
            value={form.developerName}
            maxLength={80}
            onChange={(event) => setForm({ ...form, developerName: event.target.value })}
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
          onChange={(event) => setForm({ ...form, discordUrl: event.target.value })}
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
          {errors.contacts && <p className="mt-1.5 text-sm text-rose-300">{errors.contacts}</p>}
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
        <SaveButton isSaving={isSaving}>Save general settings</SaveButton>
      </form>
    </Section>
  );
}

function RegistrationSection({ open }: { open: boolean }) {
  const [isOpen, setIsOpen] = useState(open);
  const { save, errors, isSaving } = useSectionSave('registration', isOpen ? 'Registration is open.' : 'Registration is closed.');
  return (
    <Section
      title="Registration"
      description="Whether new readers can create accounts. Closed, the register page says so and the server refuses sign-ups; existing accounts sign in as usual."
    >
      <form
        aria-label="Registration"
        onSubmit={(event) => {
          event.preventDefault();
          save({ registration: { open: isOpen } });
        }}
        className="space-y-4"
      >
        <FormError message={errors.form} />
        <CheckboxField label="Registration open" checked={isOpen} onChange={setIsOpen} />
        <SaveButton isSaving={isSaving}>Save registration</SaveButton>
      </form>
    </Section>
  );
}

function MaintenanceSection({ maintenance }: { maintenance: SiteConfigAnswer['maintenance'] }) {
  const [form, setForm] = useState(maintenance);
  const { save, errors, isSaving } = useSectionSave(
    'maintenance',
    form.enabled ? 'Maintenance mode is on.' : 'Maintenance mode is off.',
  );
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
      <form
        aria-label="Maintenance"
        onSubmit={(event) => {
          event.preventDefault();
          save({ maintenance: form });
        }}
        className="space-y-4"
        noValidate
      >
        <FormError message={errors.form} />
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
        <SaveButton isSaving={isSaving}>Save maintenance</SaveButton>
      </form>
    </Section>
  );
}

function AdsSection({ ads }: { ads: SiteConfigAnswer['ads'] }) {
  const [form, setForm] = useState(ads);
  const { save, errors, isSaving } = useSectionSave('ads', 'Ad settings saved.');
  return (
    <Section
      title="Ads"
      description="The ad network's code, shown to visitors and readers without a plan on public reading pages. Premium readers and the team never see ads."
    >
      <form
        aria-label="Ads"
        onSubmit={(event) => {
          event.preventDefault();
          save({ ads: form });
        }}
        className="space-y-4"
        noValidate
      >
        <FormError message={errors.form} />
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
        <SaveButton isSaving={isSaving}>Save ads</SaveButton>
      </form>
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

/** /Dashboard/Configuration (admins; issue 10 §2): general settings, registration, maintenance and ads. */
export default function ConfigurationPage() {
  useDocumentTitle('Configuration');
  const config = useSiteConfig();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-white">Configuration</h1>
        <p className="mt-1 text-sm text-zinc-400">How the site presents itself, who may sign up, maintenance and ads.</p>
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
          <fieldset disabled={!config.data.twoFactorEnabled} className="space-y-6 disabled:opacity-70">
            <legend className="sr-only">Site configuration</legend>
            <GeneralSection site={config.data.site} />
            <RegistrationSection open={config.data.registration.open} />
            <MaintenanceSection maintenance={config.data.maintenance} />
            <AdsSection ads={config.data.ads} />
          </fieldset>
        </>
      )}
    </div>
  );
}
