import type { Translate } from '../../lib/i18n/i18n-context';
import './messages';

const TYPE_IDS: Record<string, string> = {
  comic: 'catalogue.type.comic',
  novel: 'catalogue.type.novel',
};

/** A series' type in the page's language ("comic", "novel"); an unknown one as given. */
export function seriesTypeText(t: Translate, type: string): string {
  const id = TYPE_IDS[type];
  return id ? t(id) : type;
}
