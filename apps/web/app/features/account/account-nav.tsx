import { Link } from 'react-router';
import { Gem, MapPin, Package, User } from '~/components/icons.tsx';

const LINKS = [
  { key: 'profile', to: '/profile', label: 'Profile', Icon: User },
  { key: 'address', to: '/address', label: 'Addresses', Icon: MapPin },
  { key: 'orders', to: '/profile/orders', label: 'Orders', Icon: Package },
  { key: 'quotes', to: '/profile/quotes', label: 'Quotes', Icon: Gem },
] as const;

/** The side navigation of the account pages. */
export function AccountNav({ current }: { current: (typeof LINKS)[number]['key'] }) {
  return (
    <nav aria-label="Account" className="space-y-1 text-sm">
      {LINKS.map(({ key, to, label, Icon }) => (
        <Link
          key={key}
          to={to}
          aria-current={key === current ? 'page' : undefined}
          className={`flex items-center gap-2 border-l-2 px-3 py-2.5 ${key === current ? 'border-primary bg-panel font-medium' : 'border-transparent hover:bg-panel'}`}
        >
          <Icon aria-hidden="true" className="h-4 w-4" />
          {label}
        </Link>
      ))}
    </nav>
  );
}
