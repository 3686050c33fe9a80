import { Link } from 'react-router';
import { useStoreFacts } from '~/lib/store-facts.ts';

/** The owner's line above every page (Store settings), its store facts already filled in. */
export function AnnouncementBar() {
  const { announcement } = useStoreFacts();
  if (!announcement) return null;
  return (
    <p className="bg-primary px-5 py-2 text-center text-sm text-white" data-testid="announcement">
      {announcement.href ? (
        <Link to={announcement.href} className="underline underline-offset-2">
          {announcement.text}
        </Link>
      ) : (
        announcement.text
      )}
    </p>
  );
}
