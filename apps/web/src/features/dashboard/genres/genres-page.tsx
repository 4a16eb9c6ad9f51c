import { genreInputSchema, type Genre } from '@inkwell/contract';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/button-styles';
import { TextField } from '../../../components/form';
import { useToast } from '../../../components/toast/toast-context';
import { rowButton } from '../components/data-table';
import { ConfirmButton } from '../components/fields';
import { PageHeader, QueryState } from '../components/list-frame';
import { useCreateGenre } from './api/create-genre';
import { useDeleteGenre } from './api/delete-genre';
import { useTeamGenres } from './api/list-team-genres';
import { useRenameGenre } from './api/rename-genre';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useT } from '../../../lib/i18n/i18n-context';
import { schemaMessage } from '../../../lib/i18n/validation-messages';
import '../messages';

function useGenreName(initial: string, save: (name: string) => Promise<unknown>) {
  const t = useT();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = genreInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(schemaMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    setIsBusy(true);
    setError(undefined);
    try {
      await save(parsed.data.name);
      return true;
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t('dashboard.genres.saveFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  return { name, setName, error, isBusy, submit };
}

function GenreRow({ genre }: { genre: Genre }) {
  const t = useT();
  const toast = useToast();
  const renameGenre = useRenameGenre();
  const deleteGenre = useDeleteGenre();
  const [isEditing, setIsEditing] = useState(false);
  const form = useGenreName(genre.name, async (name) => {
    await renameGenre.mutateAsync({ id: genre.id, name });
    setIsEditing(false);
  });
  if (isEditing) {
    return (
      <li className="px-4 py-3">
        <form onSubmit={(event) => void form.submit(event)} className="flex flex-wrap items-start gap-2" noValidate>
          <TextField
            label={t('dashboard.genres.newName', { name: genre.name })}
            value={form.name}
            onChange={(e) => form.setName(e.target.value)}
            error={form.error}
            className="min-w-60 flex-1"
          />
          <div className="flex gap-2 pt-7">
            <button type="submit" disabled={form.isBusy} className={primaryButton}>
              {t('dashboard.genres.save')}
            </button>
            <button type="button" onClick={() => setIsEditing(false)} className={secondaryButton}>
              {t('dashboard.genres.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="flex items-center justify-between px-4 py-3">
      <span>
        <span className="font-medium text-zinc-100">{genre.name}</span>{' '}
        <span className="text-xs text-zinc-400">/{genre.slug}</span>
      </span>
      <span className="flex items-center gap-1">
        <button
          type="button"
          onClick={() => setIsEditing(true)}
          className={rowButton}
          aria-label={t('dashboard.genres.renameLabel', { name: genre.name })}
        >
          {t('dashboard.genres.rename')}
        </button>
        <ConfirmButton
          label={t('dashboard.genres.delete')}
          onConfirm={() =>
            deleteGenre.mutate(genre.id, {
              onSuccess: () =>
                toast({ type: 'success', message: t('dashboard.genres.deleted', { name: genre.name }), duration: 3000 }),
              onError: (error) =>
                toast({ type: 'error', message: error.message || t('dashboard.genres.deleteFailed'), duration: 5000 }),
            })
          }
        />
      </span>
    </li>
  );
}

/** /Dashboard/Series/Genres: the genres series are filed under. */
export default function GenresPage() {
  const t = useT();
  useDocumentTitle(t('dashboard.genres.title'));
  const genres = useTeamGenres();
  const createGenre = useCreateGenre();
  const add = useGenreName('', async (name) => {
    await createGenre.mutateAsync(name);
    add.setName('');
  });
  return (
    <div className="max-w-2xl">
      <PageHeader title={t('dashboard.genres.title')} />
      <form onSubmit={(event) => void add.submit(event)} noValidate className="mt-5 flex flex-wrap items-start gap-2">
        <TextField
          label={t('dashboard.genres.new')}
          value={add.name}
          onChange={(e) => add.setName(e.target.value)}
          error={add.error}
          className="min-w-60 flex-1"
          placeholder={t('dashboard.genres.placeholder')}
        />
        <button type="submit" disabled={add.isBusy} className={`${primaryButton} mt-7`}>
          {t('dashboard.genres.add')}
        </button>
      </form>
      <div className="mt-6">
        <QueryState
          query={genres}
          loading={t('dashboard.genres.loading')}
          error={t('dashboard.genres.loadFailed')}
          isEmpty={(data) => data.length === 0}
          empty={t('dashboard.genres.empty')}
        >
          {(items) => (
            <ul className="divide-y divide-ink-800 rounded-xl border border-ink-800 bg-ink-900">
              {items.map((genre) => (
                <GenreRow key={genre.id} genre={genre} />
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </div>
  );
}
