import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { ApiError } from '~/lib/api.ts';

/** A back-office page that could not load, inside the shell: what happened and the way back. */
export function AdminRouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 500;
  const message =
    status === 403
      ? 'Your role does not open this page.'
      : error instanceof ApiError
        ? error.message
        : 'Something went wrong loading this page. Try again in a moment.';
  return (
    <div className="border border-hairline bg-white p-6">
      <h1 className="font-sans text-xl font-semibold tracking-normal">
        {status === 403 ? 'Not for your role' : status === 404 ? 'Not found' : 'Could not load'}
      </h1>
      <p className="mt-2 text-sm text-muted" role="alert">
        {message}
      </p>
      <Link to="/admin" className="btn-secondary mt-4">
        Back office home
      </Link>
    </div>
  );
}
