import { LOCALE_NAMES, LOCALES, SITE_CONTACTS_MAX, type SiteSettings } from '@inkwell/contract';
import { Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form';
import { LoadError } from '../../../components/load-error';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { EditForm } from '../components/edit-form';
import { CurrencyOptions, FieldError, SelectField } from '../components/fields';
import { LeaveGuard } from '../components/leave-guard';
import { useSiteConfig } from './api';
import { AdsSection } from './ads-section';
import { PayoutsSection } from './payouts-section';
import { Section, useSection } from './section';
import { AdultContentSection, MaintenanceSection, RegistrationSection } from './switch-sections';
import '../messages';

type Contact = SiteSettings['contacts'][number];
type SiteLocale = SiteSettings['defaultLocale'];

/** An example address (the same in every language). */
const DISCORD_EXAMPLE = 'https://discord.gg/…';

/** Each contact kind, its label's message id and an example address. */
const CONTACT_KINDS: { value: Contact['kind']; label: string; placeholder: string }[] = [
  { value: 'github', label: 'dashboard.config.contactKind.github', placeholder: 'https://github.com/…' },
  { value: 'email', label: 'dashboard.config.contactKind.email', placeholder: 'team@example.com' },
  { value: 'x', label: 'dashboard.config.contactKind.x', placeholder: 'https://x.com/…' },
  { value: 'website', label: 'dashboard.config.contactKind.website', placeholder: 'https://…' },
];

/** The site's default language (issue 35 §1): for readers whose browser asks for none of ours. */
function DefaultLanguageField({
  value,
  onChange,
  error,
}: {
  value: SiteLocale;
  onChange(locale: SiteLocale): void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <div>
      <SelectField
        label={t('dashboard.config.general.defaultLocale')}
        className="max-w-xs"
        value={value}
        onChange={(event) => onChange(event.target.value as SiteLocale)}
        error={error}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
      <p className="mt-1.5 text-xs text-zinc-400">{t('dashboard.config.general.defaultLocaleHint')}</p>
    </div>
  );
}

/** The store's default currency (issue 38 §3): what readers whose own currency has no prices see. */
function DefaultCurrencyField({
  value,
  onChange,
  error,
}: {
  value: SiteSettings['defaultCurrency'];
  onChange(patch: { defaultCurrency: SiteSettings['defaultCurrency'] }): void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <div>
      <SelectField
        label={t('dashboard.currencies.defaultCurrency')}
        className="max-w-xs"
        value={value}
        onChange={(event) => onChange({ defaultCurrency: event.target.value as SiteSettings['defaultCurrency'] })}
        error={error}
      >
        <CurrencyOptions />
      </SelectField>
      <p className="mt-1.5 text-xs text-zinc-400">{t('dashboard.currencies.defaultCurrencyHint')}</p>
    </div>
  );
}

function GeneralSection({ site }: { site: SiteSettings }) {
  const t = useT();
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
    defaultLocale: site.defaultLocale,
    defaultCurrency: site.defaultCurrency,
  });
  const { contacts, ...form } = values;
  const setForm = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });
  const setContacts = (next: Contact[]) => setForm({ contacts: next });
  const setContact = (index: number, patch: Partial<Contact>) =>
    setContacts(contacts.map((contact, at) => (at === index ? { ...contact, ...patch } : contact)));

  return (
    <Section title={t('dashboard.config.general.title')} description={t('dashboard.config.general.description')}>
      <EditForm
        label={t('dashboard.config.general.title')}
        form={state}
        onSubmit={() =>
          save({ site: { ...values, discordUrl: form.discordUrl.trim() || null } }, t('dashboard.config.general.saved'))
        }
        submitLabel={t('dashboard.config.general.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('dashboard.config.general.siteName')}
            value={form.siteName}
            maxLength={60}
            onChange={(event) => setForm({ siteName: event.target.value })}
            error={errors.siteName}
          />
          <TextField
            label={t('dashboard.config.general.madeBy')}
            value={form.developerName}
            maxLength={80}
            onChange={(event) => setForm({ developerName: event.target.value })}
            error={errors.developerName}
            hint={t('dashboard.config.general.madeByHint')}
          />
        </div>
        <TextField
          label={t('dashboard.config.general.discord')}
          type="url"
          inputMode="url"
          placeholder={DISCORD_EXAMPLE}
          value={form.discordUrl}
          onChange={(event) => setForm({ discordUrl: event.target.value })}
          error={errors.discordUrl}
          hint={t('dashboard.config.general.discordHint')}
        />
        <DefaultLanguageField
          value={form.defaultLocale}
          onChange={(defaultLocale) => setForm({ defaultLocale })}
          error={errors.defaultLocale}
        />
        <DefaultCurrencyField value={form.defaultCurrency} onChange={setForm} error={errors.defaultCurrency} />
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-zinc-200">{t('dashboard.config.general.contacts')}</legend>
          {contacts.length === 0 && <p className="text-sm text-zinc-400">{t('dashboard.config.general.noContacts')}</p>}
          <ul className="space-y-3">
            {contacts.map((contact, index) => (
              <li key={index} className="flex flex-wrap items-start gap-2" data-testid="contact-row">
                <SelectField
                  label={t('dashboard.config.general.contactKind', { number: index + 1 })}
                  className="w-36"
                  value={contact.kind}
                  onChange={(event) => setContact(index, { kind: event.target.value as Contact['kind'] })}
                  error={errors[`contacts.${index}.kind`]}
                >
                  {CONTACT_KINDS.map((kind) => (
                    <option key={kind.value} value={kind.value}>
                      {t(kind.label)}
                    </option>
                  ))}
                </SelectField>
                <TextField
                  label={t('dashboard.config.general.contactAddress', { number: index + 1 })}
                  className="min-w-56 flex-1"
                  value={contact.url}
                  placeholder={CONTACT_KINDS.find((kind) => kind.value === contact.kind)?.placeholder}
                  onChange={(event) => setContact(index, { url: event.target.value })}
                  error={errors[`contacts.${index}.url`]}
                />
                <button
                  type="button"
                  onClick={() => setContacts(contacts.filter((_, at) => at !== index))}
                  aria-label={t('dashboard.config.general.removeContact', { number: index + 1 })}
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
            <Plus className="size-4" aria-hidden /> {t('dashboard.config.general.addContact')}
          </button>
          <p className="mt-1.5 text-xs text-zinc-400">{t('dashboard.config.general.contactsHint', { max: SITE_CONTACTS_MAX })}</p>
        </fieldset>
      </EditForm>
    </Section>
  );
}

function TwoFactorNotice() {
  const t = useT();
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4 text-sm text-amber-100">
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-300" aria-hidden />
      <div>
        <p className="font-semibold">{t('dashboard.config.twoFactor.title')}</p>
        <p className="mt-1 text-amber-100/90">
          {richText(t('dashboard.config.twoFactor.description'), {
            link: (words) => (
              <Link to="/profile/me" className="font-semibold text-amber-200 underline hover:text-white">
                {words}
              </Link>
            ),
          })}
        </p>
      </div>
    </div>
  );
}

/** /Dashboard/Configuration (admins; issue 10 §2): general settings, registration, maintenance, ads and the payout fee. */
export default function ConfigurationPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.config.title'));
  const config = useSiteConfig();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-white">{t('dashboard.config.title')}</h1>
        <p className="mt-1 text-sm text-zinc-400">{t('dashboard.config.intro')}</p>
      </div>
      {config.isPending ? (
        <div className="space-y-4" aria-hidden>
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-40 animate-pulse rounded-xl bg-ink-900" />
          ))}
        </div>
      ) : config.isError ? (
        <LoadError message={t('dashboard.config.loadFailed')} onRetry={() => void config.refetch()} />
      ) : (
        <>
          {!config.data.twoFactorEnabled && <TwoFactorNotice />}
          {/* Without two-factor sign-in every control is off; the server refuses the change anyway. */}
          <LeaveGuard>
            <fieldset disabled={!config.data.twoFactorEnabled} className="space-y-6 disabled:opacity-70">
              <legend className="sr-only">{t('dashboard.config.legend')}</legend>
              <GeneralSection site={config.data.site} />
              <RegistrationSection open={config.data.registration.open} />
              <AdultContentSection content={config.data.content} />
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
