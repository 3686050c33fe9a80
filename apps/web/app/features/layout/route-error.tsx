import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

interface Props {
  notFoundTitle: string;
  badRequestTitle?: string;
  detail?: string;
  links: Array<{ label: string; href: string }>;
}

/** The error state of a catalogue route, inside the store layout: status-specific title, the server's reason, a way on. */
export function RouteErrorPage({
  notFoundTitle,
  badRequestTitle = 'We could not read that link',
  detail,
  links,
}: Props) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; category?: string } | null) : null;
  const message = body?.message;
  // 410: taken off sale for good; the server says where similar pieces are.
  const gone = status === 410;
  const ways = gone && body?.category ? [{ label: 'See similar pieces', href: body.category }, ...links] : links;
  const busy = status === 429 || status === 503;
  const title =
    status === 404 || gone
      ? notFoundTitle
      : status === 400
        ? badRequestTitle
        : busy
          ? 'We are busy for a moment'
          : 'Something went wrong';
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${status === 404 ? 'Not found' : gone ? 'No longer available' : busy ? 'Please try again' : 'Something went wrong'} | Facet Fine Jewelry`}</title>
      <p className="eyebrow text-primary">
        {status === 404 ? 'Error 404' : status === 400 ? 'Error 400' : gone ? 'No longer sold' : 'Error'}
      </p>
      <h1 className="mt-3 text-3xl">{title}</h1>
      <p className="mt-4 text-muted">
        {busy
          ? 'This page exists, but we could not load it just now. Please try again in a few seconds.'
          : status >= 500
            ? 'Please try again in a moment.'
            : (message ?? detail)}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {ways.map((l, i) => (
          <Link key={l.href} to={l.href} className={i === 0 ? 'btn-primary' : 'btn-secondary'}>
            {l.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
