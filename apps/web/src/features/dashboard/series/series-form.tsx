import {
  DEFAULT_WAIT_PASS_EXCLUDES_NEWEST,
  READING_DIRECTIONS,
  SERIES_STATUSES,
  seriesInputSchema,
  type Genre,
  type READER_MODES,
  type ReadingDirection,
  type SeriesInput,
  type TeamSeries,
} from '@inkwell/contract';
import type { ReactNode } from 'react';
import { fieldErrors, TextField } from '../../../components/form';
import { useT } from '../../../lib/i18n/i18n-context';
import { seriesStatusText } from '../../../lib/i18n/labels';
import { EditForm, useEditForm, type FormFields } from '../components/edit-form';
import { CheckboxField, FieldError, SelectField, SlugField, TextAreaField } from '../components/fields';
import { useTeamGenres } from '../genres/api/list-team-genres';
import { useAuth } from '../../../lib/auth/auth-context';
import { creditDrafts, creditInputs, CreditsEditor, linkAccounts, type CreditDraft } from './credits-editor';
import '../messages';

export interface SeriesFormValues {
  type: 'comic' | 'novel';
  title: string;
  slug: string;
  alternativeNames: string;
  description: string;
  status: (typeof SERIES_STATUSES)[number];
  author: string;
  artist: string;
  releaseYear: string;
  isAdult: boolean;
  isPublished: boolean;
  genreIds: string[];
  /** The ladder (issue 22 §1), as the fields hold it: '' is no pass. */
  waitPassIntervalHours: '' | '24' | '72' | '168';
  rentalHours: string;
  waitPassExcludesNewest: string;
  dailyFree: boolean;
  bundleDiscountPercent: string;
  /** Issue 37 §2: the series' default credits, how a comic's pages turn, and its own site. */
  credits: CreditDraft[];
  readingDirection: ReadingDirection;
  /** How a comic opens before the reader picks (issue 39 §2): '' leaves it to the reader's own choice. */
  readingMode: '' | (typeof READER_MODES)[number];
  website: string;
}

function valuesFrom(series?: TeamSeries): SeriesFormValues {
  return {
    type: series?.type ?? 'comic',
    title: series?.title ?? '',
    slug: series?.slug ?? '',
    alternativeNames: series?.alternativeNames ?? '',
    description: series?.description ?? '',
    status: series?.status ?? 'ongoing',
    author: series?.author ?? '',
    artist: series?.artist ?? '',
    releaseYear: series?.releaseYear ? String(series.releaseYear) : '',
    isAdult: series?.isAdult ?? false,
    isPublished: series?.isPublished ?? false,
    genreIds: series?.genres.map((genre) => genre.id) ?? [],
    waitPassIntervalHours: series?.waitPassIntervalHours
      ? (String(series.waitPassIntervalHours) as SeriesFormValues['waitPassIntervalHours'])
      : '',
    rentalHours: String(series?.rentalHours ?? 72),
    waitPassExcludesNewest: String(series?.waitPassExcludesNewest ?? DEFAULT_WAIT_PASS_EXCLUDES_NEWEST),
    dailyFree: series?.dailyFree ?? false,
    bundleDiscountPercent: String(series?.bundleDiscountPercent ?? 0),
    credits: creditDrafts(series?.credits),
    readingDirection: series?.readingDirection ?? 'ltr',
    readingMode: series?.readerDefaults?.mode ?? '',
    website: series?.website ?? '',
  };
}

/** How a comic may open ('': as the reader chose); written here, not imported, so the reader's first chunk keeps the contract's list to itself. */
const OPENS_AS = ['', 'strip', 'paged'] as const satisfies readonly SeriesFormValues['readingMode'][];

/** A number field's text as a number for the schema to judge ('' or words stay as they are: NaN is refused). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The form's text as the API's input: blanks become "unset", the year a number. */
function toInput({ readingMode, ...values }: SeriesFormValues): SeriesInput {
  const year = values.releaseYear.trim();
  const isComic = values.type === 'comic';
  return {
    ...values,
    slug: values.slug.trim() === '' ? undefined : values.slug,
    releaseYear: year === '' ? null : Number(year),
    waitPassIntervalHours: values.waitPassIntervalHours === '' ? null : (Number(values.waitPassIntervalHours) as 24 | 72 | 168),
    rentalHours: numberOf(values.rentalHours),
    waitPassExcludesNewest: numberOf(values.waitPassExcludesNewest),
    bundleDiscountPercent: numberOf(values.bundleDiscountPercent),
    credits: creditInputs(values.credits),
    // A novel has no pages to turn.
    readingDirection: isComic ? values.readingDirection : 'ltr',
    // Issue 39 §2: what a reader sees before they pick.
    readerDefaults: { mode: isComic && readingMode ? readingMode : null, direction: isComic ? values.readingDirection : 'ltr' },
  };
}

interface Props {
  initial?: TeamSeries;
  submitLabel: string;
  /** Extra fields (the cover picker on the new-series page). */
  extra?: ReactNode;
  onSubmit(input: SeriesInput): Promise<void>;
}

/** The series fields, checked with the contract's schema before they are sent, with the server's per-field answers shown too. */
export function SeriesForm({ initial, submitLabel, extra, onSubmit }: Props) {
  const t = useT();
  const form = useEditForm(() => valuesFrom(initial));
  const { values, field, check } = form;
  const { user } = useAuth();
  const canLinkAccounts = user?.role === 'admin';

  const submit = async () => {
    const input = toInput(values);
    const parsed = seriesInputSchema.safeParse(input);
    const local = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    await form.save(local, async () => {
      // The usernames typed for credits, linked to their accounts before the series is sent.
      const linked = canLinkAccounts ? await linkAccounts(values.credits) : { drafts: values.credits };
      if ('unknown' in linked) throw new Error(t('dashboard.volumes.unknownAccount', { username: linked.unknown }));
      await onSubmit({ ...input, credits: creditInputs(linked.drafts) });
      form.reset({ ...values, credits: linked.drafts });
    });
  };

  return (
    <EditForm
      label={initial ? t('dashboard.series.form.editLabel', { title: initial.title }) : t('dashboard.series.form.new')}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={submitLabel}
      className="space-y-5"
    >
      <DetailsFields form={form} isTypeFixed={Boolean(initial)} />
      <TextAreaField label={t('dashboard.series.form.description')} rows={5} {...field('description')} />
      <GenresField form={form} />
      <CreditsEditor
        legend={t('dashboard.volumes.seriesCredits')}
        hint={t('dashboard.volumes.seriesCreditsHint')}
        value={values.credits}
        onChange={(credits) => form.set('credits', credits)}
        error={form.errors.credits}
        canLinkAccounts={canLinkAccounts}
      />
      <LadderFields form={form} />
      <div className="flex flex-wrap gap-6">
        <CheckboxField
          label={t('dashboard.series.form.published')}
          hint={t('dashboard.series.form.publishedHint')}
          {...check('isPublished')}
        />
        <CheckboxField label={t('dashboard.series.form.adult')} {...check('isAdult')} />
      </div>
      {extra}
    </EditForm>
  );
}

/** Title, type (fixed once the series exists), slug, status, names and credits. */
function DetailsFields({ form, isTypeFixed }: { form: FormFields<SeriesFormValues>; isTypeFixed: boolean }) {
  const t = useT();
  const { field } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('dashboard.series.form.title')} {...field('title')} required />
      <SelectField label={t('dashboard.series.form.type')} {...field('type')} disabled={isTypeFixed}>
        <option value="comic">{t('dashboard.series.type.comic')}</option>
        <option value="novel">{t('dashboard.series.type.novel')}</option>
      </SelectField>
      <SlugField {...field('slug')} placeholder={t('dashboard.series.form.slugPlaceholder')} />
      <SelectField label={t('dashboard.series.form.status')} {...field('status')}>
        {SERIES_STATUSES.map((status) => (
          <option key={status} value={status}>
            {seriesStatusText(t, status)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('dashboard.series.form.alternativeNames')}
        {...field('alternativeNames')}
        hint={t('dashboard.series.form.alternativeNamesHint')}
        className="sm:col-span-2"
      />
      <TextField label={t('dashboard.series.form.author')} {...field('author')} />
      <TextField label={t('dashboard.series.form.artist')} {...field('artist')} />
      <TextField label={t('dashboard.series.form.releaseYear')} inputMode="numeric" {...field('releaseYear')} />
      {form.values.type === 'comic' && (
        <SelectField label={t('dashboard.volumes.readingDirection')} {...field('readingDirection')}>
          {READING_DIRECTIONS.map((direction) => (
            <option key={direction} value={direction}>
              {t('dashboard.volumes.direction', { direction })}
            </option>
          ))}
        </SelectField>
      )}
      {form.values.type === 'comic' && (
        <SelectField label={t('dashboard.readerDefaults.mode')} {...field('readingMode')}>
          {OPENS_AS.map((mode) => (
            <option key={mode} value={mode}>
              {t('dashboard.readerDefaults.modeChoice', { mode: mode || 'none' })}
            </option>
          ))}
        </SelectField>
      )}
      <TextField
        label={t('dashboard.volumes.website')}
        type="url"
        inputMode="url"
        placeholder={t('dashboard.volumes.websitePlaceholder')}
        {...field('website')}
        hint={t('dashboard.volumes.websiteHint')}
        className="sm:col-span-2"
      />
    </div>
  );
}

/** The team's genres as toggles; the series has those pressed. */
function GenresField({ form }: { form: FormFields<SeriesFormValues> }) {
  const t = useT();
  const { values, set, errors } = form;
  const genres = useTeamGenres();
  const toggleGenre = (genre: Genre) =>
    set(
      'genreIds',
      values.genreIds.includes(genre.id) ? values.genreIds.filter((id) => id !== genre.id) : [...values.genreIds, genre.id],
    );
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-zinc-200">{t('dashboard.series.form.genres')}</legend>
      {genres.data && genres.data.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {genres.data.map((genre) => (
            <button
              key={genre.id}
              type="button"
              aria-pressed={values.genreIds.includes(genre.id)}
              onClick={() => toggleGenre(genre)}
              className={`rounded-full px-3 py-1 text-sm ${values.genreIds.includes(genre.id) ? 'bg-accent-600 text-white' : 'bg-ink-800 text-zinc-300 hover:bg-ink-700'}`}
            >
              {genre.name}
            </button>
          ))}
        </div>
      ) : (
        <p className="text-sm text-zinc-400">{t('dashboard.series.form.noGenres')}</p>
      )}
      <FieldError error={errors.genreIds} />
    </fieldset>
  );
}

/** The ladder (issue 22 §1): the pass, the rental time, the newest kept back, the bundle discount and the daily free. */
function LadderFields({ form }: { form: FormFields<SeriesFormValues> }) {
  const t = useT();
  const { field, check } = form;
  return (
    <fieldset className="rounded-xl border border-ink-800 p-4">
      <legend className="px-1 text-sm font-medium text-zinc-200">{t('dashboard.series.ladder.title')}</legend>
      <p className="mb-3 text-xs text-zinc-400">{t('dashboard.series.ladder.description')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('dashboard.series.ladder.pass')} {...field('waitPassIntervalHours')}>
          <option value="">{t('dashboard.series.ladder.noPass')}</option>
          <option value="24">{t('dashboard.series.ladder.every24h')}</option>
          <option value="72">{t('dashboard.series.ladder.every3d')}</option>
          <option value="168">{t('dashboard.series.ladder.every7d')}</option>
        </SelectField>
        <TextField
          label={t('dashboard.series.ladder.rental')}
          type="number"
          min={1}
          max={720}
          {...field('rentalHours')}
          hint={t('dashboard.series.ladder.rentalHint')}
        />
        <TextField
          label={t('dashboard.series.ladder.excludesNewest')}
          type="number"
          min={0}
          {...field('waitPassExcludesNewest')}
          hint={t('dashboard.series.ladder.excludesNewestHint')}
        />
        <TextField
          label={t('dashboard.series.ladder.bundle')}
          type="number"
          min={0}
          max={90}
          {...field('bundleDiscountPercent')}
          hint={t('dashboard.series.ladder.bundleHint')}
        />
      </div>
      <CheckboxField
        label={t('dashboard.series.ladder.dailyFree')}
        hint={t('dashboard.series.ladder.dailyFreeHint')}
        {...check('dailyFree')}
        className="mt-4"
      />
    </fieldset>
  );
}
