import { Link } from 'react-router';
import { CalendarDays } from '~/components/icons.tsx';

/** The quiet links under a piece's buttons: see it with a jeweller, or drop a hint (when offered). */
export function SeeInPerson({ item, title, children }: { item: string; title: string; children?: React.ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      <Link
        to={`/book-appointment?${new URLSearchParams({ item, title })}`}
        className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
      >
        <CalendarDays aria-hidden="true" className="h-4 w-4" />
        See it in person
      </Link>
      {children}
    </div>
  );
}
