import type { Translate } from './i18n-context';

// Words for values the API sends as codes, said in the page's language.

const STATUS_IDS: Record<string, string> = {
  ongoing: 'common.seriesStatus.ongoing',
  completed: 'common.seriesStatus.completed',
  hiatus: 'common.seriesStatus.hiatus',
  cancelled: 'common.seriesStatus.cancelled',
  canceled: 'common.seriesStatus.cancelled',
};

/** SPEC §3: a known status gets its label, any other value is shown as given, a missing one is "Unknown". */
export function seriesStatusText(t: Translate, status: string | null | undefined): string {
  if (status === null || status === undefined || status.trim() === '') return t('common.seriesStatus.unknown');
  const id = STATUS_IDS[status.toLowerCase()];
  return id ? t(id) : status;
}
