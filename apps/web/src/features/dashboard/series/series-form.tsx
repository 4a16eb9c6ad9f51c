import {
  SERIES_STATUSES,
  seriesInputSchema,
  seriesStatusLabel,
  type Genre,
  type SeriesInput,
  type TeamSeries,
} from '@inkwell/contract';
import type { ReactNode } from 'react';
import { fieldErrors, TextField } from '../../../components/form';
import { EditForm, useEditForm } from '../components/edit-form';
import { CheckboxField, SelectField, TextAreaField } from '../components/fields';
import { useTeamGenres } from '../genres/api/list-team-genres';

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
}

export function valuesFrom(series?: TeamSeries): SeriesFormValues {
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
  };
}

/** The form's text as the API's input: blanks become "unset", the year a number. */
function toInput(values: SeriesFormValues): SeriesInput {
  const year = values.releaseYear.trim();
  return {
    ...values,
    slug: values.slug.trim() === '' ? undefined : values.slug,
    releaseYear: year === '' ? null : Number(year),
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
  const form = useEditForm(() => valuesFrom(initial));
  const { values, set, errors } = form;
  const genres = useTeamGenres();

  const submit = async () => {
    const input = toInput(values);
    const parsed = seriesInputSchema.safeParse(input);
    await form.save(parsed.success ? {} : fieldErrors(parsed.error.issues), () => onSubmit(input));
  };

  const toggleGenre = (genre: Genre) =>
    set(
      'genreIds',
      values.genreIds.includes(genre.id) ? values.genreIds.filter((id) => id !== genre.id) : [...values.genreIds, genre.id],
    );

  return (
    <EditForm
      label={initial ? `Edit ${initial.title}` : 'New series'}
      form={form}
      onSubmit={() => void submit()}
      submitLabel={submitLabel}
      className="space-y-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          error={errors.title}
          required
        />
        <SelectField
          label="Type"
          value={values.type}
          onChange={(e) => set('type', e.target.value as SeriesFormValues['type'])}
          error={errors.type}
          disabled={Boolean(initial)}
        >
          <option value="comic">Comic</option>
          <option value="novel">Novel</option>
        </SelectField>
        <TextField
          label="Slug"
          value={values.slug}
          onChange={(e) => set('slug', e.target.value)}
          error={errors.slug}
          hint="Leave empty to make one from the title."
          placeholder="the-lantern-keeper"
        />
        <SelectField
          label="Status"
          value={values.status}
          onChange={(e) => set('status', e.target.value as SeriesFormValues['status'])}
          error={errors.status}
        >
          {SERIES_STATUSES.map((status) => (
            <option key={status} value={status}>
              {seriesStatusLabel(status)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Alternative names"
          value={values.alternativeNames}
          onChange={(e) => set('alternativeNames', e.target.value)}
          error={errors.alternativeNames}
          hint="Comma separated; search finds them too."
          className="sm:col-span-2"
        />
        <TextField label="Author" value={values.author} onChange={(e) => set('author', e.target.value)} error={errors.author} />
        <TextField label="Artist" value={values.artist} onChange={(e) => set('artist', e.target.value)} error={errors.artist} />
        <TextField
          label="Release year"
          inputMode="numeric"
          value={values.releaseYear}
          onChange={(e) => set('releaseYear', e.target.value)}
          error={errors.releaseYear}
        />
      </div>
      <TextAreaField
        label="Description"
        rows={5}
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        error={errors.description}
      />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-200">Genres</legend>
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
          <p className="text-sm text-zinc-400">No genres yet; add them under Genres.</p>
        )}
        {errors.genreIds && <p className="mt-1.5 text-sm text-rose-300">{errors.genreIds}</p>}
      </fieldset>
      <div className="flex flex-wrap gap-6">
        <CheckboxField
          label="Published"
          hint="Readers see the series and its published chapters."
          checked={values.isPublished}
          onChange={(v) => set('isPublished', v)}
        />
        <CheckboxField label="Adult content" checked={values.isAdult} onChange={(v) => set('isAdult', v)} />
      </div>
      {extra}
    </EditForm>
  );
}
