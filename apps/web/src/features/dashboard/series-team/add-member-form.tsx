import { SERIES_MEMBER_ROLES, seriesMemberInputSchema, type SeriesMemberRole } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-context';
import { schemaMessage } from '../../../lib/i18n/validation-messages';
import { CheckboxField, SelectField } from '../components/fields';
import { useAddSeriesMember } from './api/series-members';
import { ROLE_IDS } from './role-labels';
import '../messages';

/** An admin puts a user on the series' team (or changes their role) by their username. */
export function AddMemberForm({ seriesId }: { seriesId: string }) {
  const t = useT();
  const toast = useToast();
  const add = useAddSeriesMember(seriesId);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<SeriesMemberRole>('translator');
  const [canPublish, setCanPublish] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = seriesMemberInputSchema.safeParse({ username, role, canPublish });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast({ type: 'success', message: t('dashboard.seriesTeam.added', { username: parsed.data.username }), duration: 3000 });
        setUsername('');
        setCanPublish(false);
      },
      onError: (error) => {
        // The server says its refusal in the page's language (decision 0040); a field's, under the field.
        const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
        setErrors({
          ...Object.fromEntries(Object.entries(fields).map(([key, message]) => [key, schemaMessage(t, message)])),
          form: error.message || t('dashboard.seriesTeam.saveFailed'),
        });
      },
    });
  };

  return (
    <section aria-labelledby="add-member-h" className="rounded-xl border border-ink-800 bg-ink-900 p-4">
      <h2 id="add-member-h" className="mb-3 text-lg font-semibold text-white">
        {t('dashboard.seriesTeam.add.heading')}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        {errors.form && <FormAlert tone="error">{errors.form}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('dashboard.seriesTeam.add.username')}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={errors.username}
            autoComplete="off"
          />
          <SelectField
            label={t('dashboard.seriesTeam.add.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as SeriesMemberRole)}
            error={errors.role}
          >
            {SERIES_MEMBER_ROLES.map((value) => (
              <option key={value} value={value}>
                {t(ROLE_IDS[value])}
              </option>
            ))}
          </SelectField>
        </div>
        <p className="text-xs text-zinc-400">{t('dashboard.seriesTeam.add.rolesHint')}</p>
        {role !== 'creator' && (
          <CheckboxField
            label={t('dashboard.seriesTeam.add.canPublish')}
            hint={t('dashboard.seriesTeam.add.canPublishHint')}
            checked={canPublish}
            onChange={setCanPublish}
          />
        )}
        <button type="submit" disabled={add.isPending} className={primaryButton}>
          {t('dashboard.seriesTeam.add.submit')}
        </button>
      </form>
    </section>
  );
}
