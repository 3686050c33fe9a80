import { callApi } from '~/lib/client-api.ts';
import { ChevronDown, Heart, ShoppingBag, User } from '~/components/icons.tsx';
import { DisclosureMenu } from '~/components/ui/disclosure-menu.tsx';
import { Link } from 'react-router';
import { openPanel, useAccount } from '~/lib/account-store.ts';
import { clearUser } from '~/lib/session.ts';
import { CartLabel } from '~/components/cart-label.tsx';
import { WishlistLabel } from '~/components/wishlist-label.tsx';

const item =
  'flex flex-col items-center gap-0.5 px-1.5 text-[0.7rem] font-medium tracking-wide text-ink hover:text-primary sm:px-2.5';

/** Account, Wishlist and Cart. Signed in, Account becomes the user's first name with a menu. */
export function HeaderActions() {
  const { isLoggedIn, loggedUser } = useAccount();
  return (
    <div className="ml-auto flex items-center md:ml-2">
      {isLoggedIn && loggedUser ? (
        <DisclosureMenu
          label="Your account"
          align="end"
          testId="user-menu"
          buttonClassName={`${item} data-[state=open]:text-primary`}
          button={
            <>
              <User aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
              <span className="flex max-w-[7rem] items-center gap-0.5 truncate">
                {loggedUser.firstName}
                <ChevronDown aria-hidden="true" className="h-3 w-3" />
              </span>
            </>
          }
          panelClassName="min-w-44 border border-hairline bg-white py-1 text-sm shadow-lg"
        >
          <ul>
            <li>
              <Link to="/profile" className="block px-4 py-2.5 hover:bg-panel focus-visible:bg-panel">
                Profile
              </Link>
            </li>
            <li>
              <Link to="/address" className="block px-4 py-2.5 hover:bg-panel focus-visible:bg-panel">
                Addresses
              </Link>
            </li>
            <li>
              <Link to="/profile/orders" className="block px-4 py-2.5 hover:bg-panel focus-visible:bg-panel">
                Orders
              </Link>
            </li>
            <li className="mt-1 border-t border-hairline pt-1">
              <button
                type="button"
                className="block w-full px-4 py-2.5 text-left hover:bg-panel focus-visible:bg-panel"
                onClick={async () => {
                  // The server forgets the token first, so a copy of it (another tab, a stolen
                  // one) stops working too; then the stored user and token go and the page reloads.
                  await callApi('/user/logout', { method: 'POST' }).catch(() => {});
                  clearUser();
                  window.location.reload();
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </DisclosureMenu>
      ) : (
        <button type="button" className={item} onClick={() => openPanel('login')} aria-haspopup="dialog">
          <User aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
          <span>Account</span>
        </button>
      )}
      {/* Bare anchors: the header's one handler moves them (header.tsx). */}
      <a href="/wishlist" className={`${item} relative`}>
        <Heart aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
        <WishlistLabel />
      </a>
      <a href="/cart" className={`${item} relative`}>
        <ShoppingBag aria-hidden="true" className="h-5 w-5" strokeWidth={1.6} />
        <CartLabel />
      </a>
    </div>
  );
}
