import type { Genre } from '@inkwell/contract';
import type { GenreRow } from './queries/genres';

export const toGenre = (row: GenreRow): Genre => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
});
