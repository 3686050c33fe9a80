import { Suspense, useState } from 'react';
import { Send } from '~/components/icons.tsx';
import type { WishItem } from '@facet/contracts/wishlist';
import { lazyPart } from '~/lib/lazy-part.tsx';

// The form loads when first opened: most visitors never drop a hint.
const HintDialog = lazyPart(() => import('./hint-dialog.tsx'), 'The hint form');

/** "Drop a hint": e-mail a friend about this piece, from the store's fixed template. */
export function HintButton({ item, title }: { item: WishItem | null; title: string }) {
  const [open, setOpen] = useState(false);
  if (!item) return null;
  return (
    <>
      <button
        type="button"
        className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        <Send aria-hidden="true" className="h-4 w-4" />
        Drop a hint
      </button>
      {open && (
        <Suspense fallback={null}>
          <HintDialog item={item} title={title} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
