import type { MenuState } from '~/lib/menu.ts';

/** While the menu is on its way, or when it could not be fetched: said, with a way to ask again. */
export function MenuStatus({ menu, className }: { menu: MenuState; className?: string }) {
  return (
    <div role="status" className={`text-sm text-muted ${className ?? ''}`}>
      {menu.failed ? (
        <>
          The menu did not load.{' '}
          <button type="button" onClick={menu.retry} className="font-medium text-ink underline hover:text-primary">
            Try again
          </button>
        </>
      ) : (
        'Loading the collections…'
      )}
    </div>
  );
}
