import { useStoreFacts } from '~/lib/store-facts.ts';

/**
 * The one line above every page: the owner's announcement when there is one (Store settings), its
 * store facts already filled in; otherwise the store's standing promises, from its settings. Drawn
 * inside the header, whose router handler follows its link. A `ghost` holds its place in the page
 * below the fixed header (the owner's words may wrap on a phone), unseen and without its link.
 */
export function AnnouncementBar({ ghost = false }: { ghost?: boolean }) {
  const { announcement, returnDays } = useStoreFacts();
  if (!announcement)
    return (
      <p className="truncate bg-secondary px-4 py-1.5 text-center text-xs leading-[1.1rem] tracking-wide text-ink">
        Fully insured shipping · {returnDays}-day returns
      </p>
    );
  return (
    <p
      className="bg-secondary px-4 py-1.5 text-center text-xs leading-[1.1rem] tracking-wide text-ink"
      data-testid={ghost ? undefined : 'announcement'}
    >
      {announcement.href && !ghost ? (
        <a href={announcement.href} className="underline underline-offset-2">
          {announcement.text}
        </a>
      ) : (
        announcement.text
      )}
    </p>
  );
}
