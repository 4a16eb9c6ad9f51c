// i18n: not yet in the catalogues (issue 35)
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client';

/** Why an unlock failed, told by the error's code: too few coins leads to the store. */
export function UnlockError({ error, getCoinsHref }: { error: unknown; getCoinsHref: string }) {
  if (error instanceof ApiError && error.code === 'insufficient_coins') {
    return (
      <p>
        You do not have enough coins for this any more.{' '}
        <Link to={getCoinsHref} className="font-semibold text-amber-200 underline underline-offset-2 hover:text-white">
          Get coins
        </Link>
      </p>
    );
  }
  if (error instanceof ApiError && (error.code === 'chapter_not_found' || error.code === 'series_not_found')) {
    return <p>This chapter is no longer available. Please reload the page.</p>;
  }
  if (error instanceof ApiError && error.status === 401) return <p>Your session has ended. Please log in again.</p>;
  return <p>We could not unlock it. Please try again.</p>;
}
