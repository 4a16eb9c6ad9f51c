import type { Genre } from '@inkwell/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { conflictOnDuplicate } from '../../../lib/db-errors';
import { slugify } from '../../../lib/slug';
import { toGenre } from './genres.presenter';
import { insertGenre } from './commands/genres';
import { deleteGenre, updateGenre } from './genres.repository';
import { listGenres } from './queries/genres';
import type { EventPublisher } from '../../../lib/domain-events';

const GENRE_TAKEN = 'apiErrors.catalogue.genreTaken';

/** Genres, for the team. */
export function createGenresService({ db, events }: { db: Database; events: EventPublisher }) {
  return {
    async listGenres(): Promise<Genre[]> {
      return (await listGenres(db)).map(toGenre);
    },

    async createGenre(name: string): Promise<Genre> {
      try {
        const row = await insertGenre(db, { name, slug: slugify(name, 'genre') });
        events.publish({ type: 'genres.changed' });
        return toGenre(row);
      } catch (error) {
        throw conflictOnDuplicate(error, 'name', GENRE_TAKEN);
      }
    },

    async renameGenre(id: string, name: string): Promise<Genre> {
      let row;
      try {
        row = await updateGenre(db, id, { name, slug: slugify(name, 'genre') });
      } catch (error) {
        throw conflictOnDuplicate(error, 'name', GENRE_TAKEN);
      }
      if (!row) throw new AppError('not_found', 'apiErrors.catalogue.genreNotFound');
      events.publish({ type: 'genres.changed' });
      return toGenre(row);
    },

    async deleteGenre(id: string) {
      if (!(await deleteGenre(db, id))) throw new AppError('not_found', 'apiErrors.catalogue.genreNotFound');
      events.publish({ type: 'genres.changed' });
    },
  };
}
export type GenresService = ReturnType<typeof createGenresService>;
