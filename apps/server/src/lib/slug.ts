/** A URL slug from a title: ASCII letters and digits joined by single hyphens, at most 100 characters. */
export function slugify(text: string, fallback = 'series'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** A chapter's default address: `chapter-10`, `chapter-10-5`. */
export const chapterSlugFor = (number: number) => `chapter-${String(number).replace('.', '-')}`;
