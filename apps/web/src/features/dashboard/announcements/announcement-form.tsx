import {
  announcementInputSchema,
  type AnnouncementInput,
  type AnnouncementState,
  type TeamAnnouncement,
} from '@inkwell/contract';
import { lazy, Suspense, type ReactNode } from 'react';
import { fieldErrors, TextField } from '../../../components/form';
import { useT, type Translate } from '../../../lib/i18n/i18n-context';
import { EditForm, useEditForm } from '../components/edit-form';
import {
  CheckboxField,
  DateTimeField,
  FieldError,
  fromLocalInput,
  SelectField,
  SlugField,
  toLocalInput,
} from '../components/fields';
import '../messages';

// The novel chapter editor (Tiptap), in its own chunk, shared with the chapter editor.
const NovelEditor = lazy(() => import('../series/novel-editor').then((module) => ({ default: module.NovelEditor })));

export interface AnnouncementFormValues {
  title: string;
  slug: string;
  body: string;
  state: AnnouncementState;
  /** datetime-local text, in the editor's time zone. */
  when: string;
  pinned: boolean;
}

export function valuesFrom(announcement?: TeamAnnouncement): AnnouncementFormValues {
  return {
    title: announcement?.title ?? '',
    slug: announcement?.slug ?? '',
    body: announcement?.body ?? '',
    state: announcement?.state ?? 'draft',
    when: toLocalInput(announcement?.publishedAt ?? null),
    pinned: announcement?.pinned ?? false,
  };
}

/**
 * The form's values as the API's input: a draft has no date; "published" keeps a past date (or
 * is now); "scheduled" needs a time to come. Returns the field errors that the schema cannot see.
 */
export function toInput(
  t: Translate,
  values: AnnouncementFormValues,
  now = new Date(),
): { input: AnnouncementInput; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let publishedAt: string | null = null;
  const chosen = fromLocalInput(values.when);
  if (values.state === 'published') {
    publishedAt = chosen && new Date(chosen) <= now ? chosen : now.toISOString();
  } else if (values.state === 'scheduled') {
    if (!chosen) errors.publishedAt = t('dashboard.announcements.form.pickWhen');
    else if (new Date(chosen) <= now) errors.publishedAt = t('dashboard.announcements.form.pickFuture');
    publishedAt = chosen;
  }
  return {
    input: {
      title: values.title,
      body: values.body,
      publishedAt,
      pinned: values.pinned,
      slug: values.slug.trim() === '' ? undefined : values.slug.trim(),
    },
    errors,
  };
}

const STATE_LABELS: Record<AnnouncementState, string> = {
  draft: 'dashboard.announcements.form.state.draft',
  scheduled: 'dashboard.announcements.form.state.scheduled',
  published: 'dashboard.announcements.form.state.published',
};

interface Props {
  initial?: TeamAnnouncement;
  submitLabel: string;
  /** Extra fields (the cover picker on the new page). */
  extra?: ReactNode;
  onSubmit(input: AnnouncementInput): Promise<void>;
}

/** An announcement's fields, checked with the contract's schema before they are sent, with the server's per-field answers shown too. */
export function AnnouncementForm({ initial, submitLabel, extra, onSubmit }: Props) {
  const t = useT();
  const form = useEditForm(() => valuesFrom(initial));
  const { values, set, field, check, setValues, errors } = form;
  const isDraft = values.state === 'draft';

  const submit = async () => {
    const { input, errors: dateErrors } = toInput(t, values);
    const parsed = announcementInputSchema.safeParse(input);
    await form.save({ ...(parsed.success ? {} : fieldErrors(parsed.error.issues, t)), ...dateErrors }, () => onSubmit(input));
  };

  return (
    <EditForm
      label={initial ? t('dashboard.announcements.form.editLabel', { title: initial.title }) : t('dashboard.announcements.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={submitLabel}
      className="space-y-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('dashboard.announcements.form.title')} {...field('title')} required />
        <SlugField {...field('slug')} placeholder={t('dashboard.announcements.form.slugPlaceholder')} />
        <SelectField
          label={t('dashboard.announcements.form.status')}
          value={values.state}
          onChange={(e) => {
            const state = e.target.value as AnnouncementState;
            setValues((current) => ({
              ...current,
              state,
              // Publishing now shows now; a schedule starts from tomorrow at this time.
              when:
                state === 'published' && !current.when
                  ? toLocalInput(new Date().toISOString())
                  : state === 'scheduled' && (!current.when || new Date(current.when) <= new Date())
                    ? toLocalInput(new Date(Date.now() + 86_400_000).toISOString())
                    : current.when,
            }));
          }}
        >
          {(Object.keys(STATE_LABELS) as AnnouncementState[]).map((state) => (
            <option key={state} value={state}>
              {t(STATE_LABELS[state])}
            </option>
          ))}
        </SelectField>
        {!isDraft && (
          <DateTimeField
            label={t(
              values.state === 'scheduled'
                ? 'dashboard.announcements.form.publishAt'
                : 'dashboard.announcements.form.publishedAt',
            )}
            {...field('when', 'publishedAt')}
            hint={t('dashboard.announcements.form.timeZoneHint')}
          />
        )}
      </div>
      <CheckboxField
        label={t('dashboard.announcements.form.pinned')}
        {...check('pinned')}
        hint={t('dashboard.announcements.form.pinnedHint')}
      />
      <div>
        <p className="mb-1.5 block text-sm font-medium text-zinc-200" aria-hidden>
          {t('dashboard.announcements.form.text')}
        </p>
        <Suspense fallback={<div className="h-80 rounded-lg border border-ink-700 bg-ink-900" aria-hidden />}>
          <NovelEditor
            initialHtml={values.body}
            onChange={(html) => set('body', html)}
            label={t('dashboard.announcements.form.textLabel')}
          />
        </Suspense>
        <FieldError error={errors.body} />
      </div>
      {extra}
    </EditForm>
  );
}
