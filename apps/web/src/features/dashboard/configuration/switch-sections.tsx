import { MAINTENANCE_MESSAGE_MAX_LENGTH, type SiteConfigAnswer } from '@inkwell/contract';
import { useT } from '../../../lib/i18n/i18n-context';
import { EditForm } from '../components/edit-form';
import { CheckboxField, TextAreaField } from '../components/fields';
import { Section, useSection } from './section';
import '../messages';

/** Registration, adult content and maintenance: the site's switches, each with what goes with it. */
export function RegistrationSection({ open }: { open: boolean }) {
  const t = useT();
  const { values: isOpen, setValues: setIsOpen, save, form } = useSection('registration', open);
  return (
    <Section title={t('dashboard.config.registration.title')} description={t('dashboard.config.registration.description')}>
      <EditForm
        label={t('dashboard.config.registration.title')}
        form={form}
        onSubmit={() =>
          save(
            { registration: { open: isOpen } },
            isOpen ? t('dashboard.config.registration.opened') : t('dashboard.config.registration.closed'),
          )
        }
        submitLabel={t('dashboard.config.registration.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <CheckboxField label={t('dashboard.config.registration.open')} checked={isOpen} onChange={setIsOpen} />
      </EditForm>
    </Section>
  );
}

/** Whether the site carries series marked Adult at all (issue 36 §4): off, only the team sees them. */
export function AdultContentSection({ content }: { content: SiteConfigAnswer['content'] }) {
  const t = useT();
  const { values: isOn, setValues: setIsOn, save, form } = useSection('content', content.adultContent);
  return (
    <Section title={t('dashboard.adult.title')} description={t('dashboard.adult.description')}>
      <EditForm
        label={t('dashboard.adult.title')}
        form={form}
        onSubmit={() =>
          save({ content: { adultContent: isOn } }, isOn ? t('dashboard.adult.turnedOn') : t('dashboard.adult.turnedOff'))
        }
        submitLabel={t('dashboard.adult.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <CheckboxField label={t('dashboard.adult.allow')} checked={isOn} onChange={setIsOn} />
      </EditForm>
    </Section>
  );
}

export function MaintenanceSection({ maintenance }: { maintenance: SiteConfigAnswer['maintenance'] }) {
  const t = useT();
  const { values: form, setValues: setForm, save, errors, form: state } = useSection('maintenance', maintenance);
  return (
    <Section title={t('dashboard.config.maintenance.title')} description={t('dashboard.config.maintenance.description')}>
      <EditForm
        label={t('dashboard.config.maintenance.title')}
        form={state}
        onSubmit={() =>
          save({ maintenance: form }, form.enabled ? t('dashboard.config.maintenance.on') : t('dashboard.config.maintenance.off'))
        }
        submitLabel={t('dashboard.config.maintenance.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <CheckboxField
          label={t('dashboard.config.maintenance.enabled')}
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        <TextAreaField
          label={t('dashboard.config.maintenance.message')}
          rows={3}
          maxLength={MAINTENANCE_MESSAGE_MAX_LENGTH}
          value={form.message}
          placeholder={t('dashboard.config.maintenance.placeholder')}
          onChange={(event) => setForm({ ...form, message: event.target.value })}
          error={errors.message}
          hint={t('dashboard.config.maintenance.hint', {
            length: form.message.length,
            max: MAINTENANCE_MESSAGE_MAX_LENGTH,
          })}
        />
      </EditForm>
    </Section>
  );
}
