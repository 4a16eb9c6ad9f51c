import { editionInputSchema, editionPatchSchema, type TeamEdition, type TeamSeries } from '@inkwell/contract';
import { Languages, Plus } from 'lucide-react';
import { useState } from 'react';
import { primaryButton } from '../../../components/button-styles';
import { fieldErrors, FormAlert, TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { CONTENT_LANGUAGE_CHOICES, useLanguageName } from '../../../lib/edition';
import { useT } from '../../../lib/i18n/i18n-context';
import { EditForm, useEditForm } from '../components/edit-form';
import { ConfirmButton, SelectField, TextAreaField } from '../components/fields';
import { useCreateEdition } from './api/create-edition';
import { useDeleteEdition } from './api/delete-edition';
import { useTeamEditions } from './api/list-editions';
import { useUpdateEdition } from './api/update-edition';
import '../messages';

/** "1–3, 7, 9.5": chapter numbers in order, runs of whole numbers written as one range. */
export function chapterRanges(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (Number.isInteger(end) && sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(end === start ? String(start) : `${start}–${end}`);
  }
  return parts.join(', ');
}

/**
 * A series' editions (issue 35 §2): the original (the series itself) and its translations, each
 * with how many of the series' chapters it has and the numbers of those it lacks (readers get the
 * original for them); a translation is added, retitled or removed here, its chapters in each
 * chapter's editor below.
 */
export function EditionsSection({ series }: { series: TeamSeries }) {
  const t = useT();
  const editions = useTeamEditions(series.id);
  const [editing, setEditing] = useState<string | null>(null);
  const items = editions.data?.items ?? [];
  const taken = items.map((edition) => edition.language);
  const isAdding = editing === 'new';

  return (
    <section aria-labelledby="editions-h" className="space-y-4" data-testid="editions-section">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="editions-h" className="flex items-center gap-2 text-xl font-bold text-white">
          <Languages className="size-5" aria-hidden />
          {t('dashboard.editions.heading')}
        </h2>
        <button type="button" onClick={() => setEditing('new')} className={primaryButton} disabled={!editions.data}>
          <Plus className="size-4" aria-hidden /> {t('dashboard.editions.add')}
        </button>
      </div>
      <p className="text-sm text-zinc-400">{t('dashboard.editions.hint')}</p>
      {isAdding && (
        <EditionForm
          seriesId={series.id}
          taken={taken}
          originalLanguage={series.originalLanguage}
          onDone={() => setEditing(null)}
        />
      )}
      {editions.isError ? (
        <FormAlert tone="error">{t('dashboard.editions.loadError')}</FormAlert>
      ) : editions.isPending ? (
        <p className="text-sm text-zinc-400">{t('dashboard.editions.loading')}</p>
      ) : (
        <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
          {items.map((edition) => (
            <li key={edition.language} className="px-4 py-3" data-testid={`edition-${edition.language}`}>
              <EditionRow
                seriesId={series.id}
                edition={edition}
                total={series.chapters.length}
                isEditing={editing === edition.language}
                onToggleEdit={() => setEditing(editing === edition.language ? null : edition.language)}
              />
              {editing === edition.language && (
                <div className="mt-3">
                  <EditionForm
                    seriesId={series.id}
                    taken={taken}
                    originalLanguage={series.originalLanguage}
                    existing={edition}
                    onDone={() => setEditing(null)}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An edition's line: its language, title, chapters had and lacked, then its actions (none for the original: it is the series). */
function EditionRow({
  seriesId,
  edition,
  total,
  isEditing,
  onToggleEdit,
}: {
  seriesId: string;
  edition: TeamEdition;
  total: number;
  isEditing: boolean;
  onToggleEdit(): void;
}) {
  const t = useT();
  const toast = useToast();
  const languageName = useLanguageName();
  const deleteEdition = useDeleteEdition(seriesId);
  const name = languageName(edition.language);
  const inSentence = languageName(edition.language, 'sentence');
  const missing = edition.missingChapterNumbers;
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-zinc-100">{name}</span>
          <span className="font-mono text-xs text-zinc-400">{edition.language}</span>
          {edition.isOriginal && (
            <span className="rounded bg-ink-700 px-1.5 py-0.5 text-[10px] font-bold uppercase text-zinc-200">
              {t('dashboard.editions.original')}
            </span>
          )}
        </p>
        <p lang={edition.language} className="truncate text-sm text-zinc-300">
          {edition.title}
        </p>
        <p className="text-xs text-zinc-400">
          {t('dashboard.editions.chapters', { count: edition.chapterCount, total })}
          {' · '}
          {missing.length === 0 ? (
            <span className="text-emerald-300">{t('dashboard.editions.complete')}</span>
          ) : (
            <span className="text-amber-300" data-testid="edition-missing">
              {t('dashboard.editions.missing', { count: missing.length, numbers: chapterRanges(missing) })}
            </span>
          )}
        </p>
      </div>
      {!edition.isOriginal && (
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={onToggleEdit}
            aria-label={t('dashboard.editions.editLabel', { language: inSentence })}
            className="rounded-lg px-3 py-1.5 text-sm font-medium text-accent-400 hover:bg-ink-800"
          >
            {t(isEditing ? 'dashboard.series.close' : 'dashboard.editions.edit')}
          </button>
          <ConfirmButton
            label={t('dashboard.editions.delete')}
            confirmLabel={t('dashboard.editions.deleteConfirm', { language: inSentence })}
            isBusy={deleteEdition.isPending}
            onConfirm={() =>
              deleteEdition.mutate(edition.language, {
                onSuccess: () =>
                  toast({ type: 'success', message: t('dashboard.editions.deleted', { language: inSentence }), duration: 3000 }),
                onError: (error) =>
                  toast({ type: 'error', message: error.message || t('dashboard.editions.deleteFailed'), duration: 5000 }),
              })
            }
          />
        </div>
      )}
    </div>
  );
}

/** A new edition (its language, title, description) or an edition's title and description. */
function EditionForm({
  seriesId,
  taken,
  originalLanguage,
  existing,
  onDone,
}: {
  seriesId: string;
  taken: readonly string[];
  originalLanguage: string;
  existing?: TeamEdition;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const languageName = useLanguageName();
  const createEdition = useCreateEdition(seriesId);
  const updateEdition = useUpdateEdition(seriesId);
  const form = useEditForm(() => ({
    language: existing?.language ?? '',
    title: existing?.title ?? '',
    description: existing?.description ?? '',
  }));
  const { values, field } = form;
  const choices = CONTENT_LANGUAGE_CHOICES.filter((tag) => tag !== originalLanguage && !taken.includes(tag))
    .map((tag) => ({ tag, name: languageName(tag) }))
    .sort((a, b) => a.name.localeCompare(b.name));

  const submit = async () => {
    const patch = { title: values.title, description: values.description };
    const parsed = existing ? editionPatchSchema.safeParse(patch) : editionInputSchema.safeParse(values);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (!existing && !values.language) local.language = t('dashboard.editions.chooseLanguage');
    await form.save(local, async () => {
      if (existing) await updateEdition.mutateAsync({ language: existing.language, body: patch });
      else await createEdition.mutateAsync(values);
      const language = languageName(existing?.language ?? values.language, 'sentence');
      toast({
        type: 'success',
        message: t(existing ? 'dashboard.editions.saved' : 'dashboard.editions.created', { language }),
        duration: 3000,
      });
      onDone();
    });
  };

  return (
    <div className="rounded-xl border border-ink-700 bg-ink-900/60 p-4">
      <EditForm
        label={
          existing
            ? t('dashboard.editions.editLabel', { language: languageName(existing.language, 'sentence') })
            : t('dashboard.editions.new')
        }
        form={form}
        onSubmit={() => void submit()}
        submitLabel={t(existing ? 'dashboard.editions.save' : 'dashboard.editions.create')}
        onCancel={onDone}
        cancelLabel={t('dashboard.series.close')}
      >
        {!existing && (
          <SelectField label={t('dashboard.editions.language')} {...field('language')} className="max-w-xs">
            <option value="">{t('dashboard.editions.chooseLanguage')}</option>
            {choices.map(({ tag, name }) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={t('dashboard.editions.title')} {...field('title')} lang={values.language || undefined} />
        <TextAreaField
          label={t('dashboard.editions.description')}
          rows={4}
          {...field('description')}
          lang={values.language || undefined}
        />
      </EditForm>
    </div>
  );
}
