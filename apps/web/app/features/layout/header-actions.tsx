import { Heart, ShoppingBag, User } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';

/** Account, Wishlist and Cart (spec §2). Accounts and the cart count are wired by their own features. */
export function HeaderActions() {
  const item = 'flex flex-col items-center gap-0.5 px-1.5 text-[0.7rem] font-medium tracking-wide text-ink hover:text-primary sm:px-2.5';
  return (
    <div className="ml-auto flex items-center md:ml-2">
      <button type="button" className={item} onClick={() => toast('Customer accounts open soon. Meanwhile, our jewelers are a message away on the contact page.')}>
        <User aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
        <span>Account</span>
      </button>
      <button type="button" className={`${item} max-sm:hidden`} onClick={() => toast('Wishlists are coming soon.')}>
        <Heart aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
        <span>Wishlist</span>
      </button>
      <Link to="/cart" className={item}>
        <ShoppingBag aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
        <span>Cart</span>
      </Link>
    </div>
  );
}
