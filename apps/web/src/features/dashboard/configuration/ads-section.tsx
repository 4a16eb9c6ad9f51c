import { ADS_SCRIPTS_MAX_LENGTH, type SiteConfigAnswer } from '@inkwell/contract';
import { AlertTriangle } from 'lucide-react';
import { useFormat } from '../../../lib/i18n/format';
import { useT } from '../../../lib/i18n/i18n-context';
import { richText } from '../../../lib/i18n/rich';
import { EditForm } from '../components/edit-form';
import { CheckboxField, TextAreaField } from '../components/fields';
import { Section, useSection } from './section';
import '../messages';

/** An example tag (code, the same in every language). */
const ADS_EXAMPLE = '<script async src="https://ads.example.com/tag.js"></script>';

/** The visitors' ads (issue 10 §2): on or off, and the scripts that show them. */
export function AdsSection({ ads }: { ads: SiteConfigAnswer['ads'] }) {
  const t = useT();
  const format = useFormat();
  const { values: form, setValues: setForm, save, errors, form: state } = useSection('ads', ads);
  return (
    <Section title={t('dashboard.config.ads.title')} description={t('dashboard.config.ads.description')}>
      <EditForm
        label={t('dashboard.config.ads.title')}
        form={state}
        onSubmit={() => save({ ads: form }, t('dashboard.config.ads.saved'))}
        submitLabel={t('dashboard.config.ads.save')}
        busyLabel={t('dashboard.config.saving')}
      >
        <div
          role="note"
          className="flex gap-3 rounded-lg border border-rose-500/50 bg-rose-500/10 p-3 text-sm text-rose-200"
          data-testid="ads-warning"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-rose-400" aria-hidden />
          <p>
            {richText(t('dashboard.config.ads.warning'), {
              strong: (words) => <strong className="font-semibold text-rose-100">{words}</strong>,
            })}
          </p>
        </div>
        <CheckboxField
          label={t('dashboard.config.ads.enabled')}
          checked={form.enabled}
          onChange={(enabled) => setForm({ ...form, enabled })}
        />
        <TextAreaField
          label={t('dashboard.config.ads.scripts')}
          rows={8}
          spellCheck={false}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          value={form.scripts}
          placeholder={ADS_EXAMPLE}
          onChange={(event) => setForm({ ...form, scripts: event.target.value })}
          error={errors.scripts}
          hint={t('dashboard.config.ads.hint', {
            length: format.count(form.scripts.length),
            max: format.count(ADS_SCRIPTS_MAX_LENGTH),
          })}
        />
      </EditForm>
    </Section>
  );
}
