import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';
import { useT } from '../lib/i18n/i18n-context';
import { richText } from '../lib/i18n/rich';
// Only parts fetched after a page opens unlock: their words are in common.later.json.
import '../lib/i18n/later-messages';

/** Why an unlock failed, told by the error's code: too few coins leads to the store. */
export function UnlockError({ error, getCoinsHref }: { error: unknown; getCoinsHref: string }) {
  const t = useT();
  if (error instanceof ApiError && error.code === 'insufficient_coins') {
    return (
      <p>
        {richText(t('common.components.unlockError.insufficientCoins'), {
          link: (words) => (
            <Link to={getCoinsHref} className="font-semibold text-amber-200 underline underline-offset-2 hover:text-white">
              {words}
            </Link>
          ),
        })}
      </p>
    );
  }
  if (error instanceof ApiError && (error.code === 'chapter_not_found' || error.code === 'series_not_found')) {
    return <p>{t('common.components.unlockError.gone')}</p>;
  }
  if (error instanceof ApiError && error.status === 401) return <p>{t('common.components.unlockError.sessionEnded')}</p>;
  return <p>{t('common.components.unlockError.failed')}</p>;
}
