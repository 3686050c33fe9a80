import { Link } from 'react-router';

/** An honest placeholder for a page whose feature has not shipped yet, inside the full layout. */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <p className="eyebrow text-primary">Coming soon</p>
      <h1 className="mt-3 text-3xl md:text-4xl">{title}</h1>
      <p className="mt-5 text-muted">{children ?? 'We are putting the finishing touches on this page.'}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Back to the store
        </Link>
        <Link to="/contact-us" className="btn-secondary">
          Ask our jewelers
        </Link>
      </div>
    </section>
  );
}
