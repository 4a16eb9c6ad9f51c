import { Navigate, useRouteError } from 'react-router';
import { errorToCode } from '../features/errors/error-codes';

/** The router's error element: any error thrown while rendering or loading a route lands here. */
export function GlobalErrorBoundary() {
  const error = useRouteError();
  const code = errorToCode(error);
  if (code === 'server_error') console.error(error);
  return <Navigate to={`/errorPage?error=${code}`} replace />;
}
