import type { SiteConfigPatch } from '@inkwell/contract';
import { useId, useState, type ReactNode } from 'react';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import type { EditFormState } from '../components/edit-form';
import { useUpdateSiteConfig } from './api';
import '../messages';

type Errors = Record<string, string>;

/**
 * One section's values and save: what was saved last (for the question before leaving), the
 * server's field errors (keyed `site.contacts.0.url`) without the section's name, for that
 * section's fields, and a toast either way.
 */
export function useSection<V>(section: keyof SiteConfigPatch, initial: V) {
  const t = useT();
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
        if (Object.keys(fields).length === 0 || fields.form)
          fields.form = fields.form ?? error.message ?? t('dashboard.config.saveFailed');
        setErrors(fields);
        toast({ type: 'error', message: error.message || t('dashboard.config.saveFailed'), duration: 6000 });
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

export function Section({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
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
