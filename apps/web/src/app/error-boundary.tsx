import { Navigate, useRouteError } from 'react-router';
import { errorToCode } from '../features/errors/error-codes';
import { isNetworkFailure } from '../lib/offline/use-is-online';
import { OfflinePage } from './offline-page';

/**
 * The router's error element: any error thrown while rendering or loading a route lands here. A
 * network that is gone (a chunk or an answer that could not be fetched) is no page error: the
 * offline page is drawn where the page would be, with the chapters that do open (issue 33 §1).
 */
export function GlobalErrorBoundary() {
  const error = useRouteError();
  if (isNetworkFailure(error)) {
    return (
      <main id="main" className="min-h-screen">
        <OfflinePage />
      </main>
    );
  }
  const code = errorToCode(error);
  if (code === 'server_error') console.error(error);
  return <Navigate to={`/errorPage?error=${code}`} replace />;
}
