import { Mail, MapPin, Phone } from '~/components/icons.tsx';
import { COPYRIGHT_YEAR } from '@facet/contracts/constants';
import { FacebookIcon, InstagramIcon, PaymentBadges, PinterestIcon, YoutubeIcon } from './brand-icons.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { acceptedPayments, type StoreFacts } from '@facet/contracts/store-facts';

// The footer's parts that never change once drawn. The server renders them and the browser keeps
// that markup (footer.tsx, KeptMarkup), so this module loads in the browser only when the footer is
// drawn there afresh. Lists are made inside functions: a call at the top of a module would keep it
// in every bundle that imports it, used or not.

export interface FooterStore {
  name: string;
  email: string;
  phone: string;
  address: string;
}

const POLICIES = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Return Policy', href: '/return-policy' },
  { label: 'Terms & Conditions', href: '/terms-condition' },
  { label: 'Shipping Policy', href: '/shipping-policy' },
];
const shopLinks = () => [
  { label: 'Engagement Rings', href: paths.category(CATEGORY.engagement) },
  { label: 'Wedding Bands', href: paths.category(CATEGORY.bands) },
  { label: 'Loose Diamonds', href: '/diamonds' },
  { label: 'Notable Gemstones', href: '/notable-gemstones/shop-by-stone-type' },
  { label: 'Jewelry', href: paths.category(CATEGORY.jewelry) },
  { label: 'Gift Cards', href: paths.giftCards() },
];
const SOCIAL = [
  { label: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { label: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'Pinterest', href: 'https://www.pinterest.com/', Icon: PinterestIcon },
  { label: 'YouTube', href: 'https://www.youtube.com/', Icon: YoutubeIcon },
];

/** The store's address and the Shop and Customer Care lists: the grid's first three columns. */
export function FooterColumns({ store }: { store: FooterStore }) {
  return (
    <>
      <div>
        <p className="font-display text-2xl tracking-[0.18em]">FACET</p>
        <address className="mt-4 space-y-2 not-italic text-muted">
          <p className="font-medium text-ink">{store.name}</p>
          <p className="flex gap-2">
            <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {store.address}
          </p>
          <p className="flex gap-2">
            <Phone aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <a href={`tel:${store.phone.replace(/[^+\d]/g, '')}`} className="hover:text-primary">
              {store.phone}
            </a>
          </p>
          <p className="flex gap-2">
            <Mail aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <a href={`mailto:${store.email}`} className="hover:text-primary">
              {store.email}
            </a>
          </p>
        </address>
      </div>
      <nav aria-label="Shop">
        <h2 className="eyebrow font-sans text-ink">Shop</h2>
        <ul className="mt-4 space-y-2.5">
          {shopLinks().map((l) => (
            <li key={l.href}>
              <a href={l.href} className="text-muted hover:text-primary">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Customer care">
        <h2 className="eyebrow font-sans text-ink">Customer Care</h2>
        <ul className="mt-4 space-y-2.5">
          <li>
            <a href="/contact-us" className="text-muted hover:text-primary">
              Contact Us
            </a>
          </li>
          <li>
            <a href="/book-appointment" className="text-muted hover:text-primary">
              Book an Appointment
            </a>
          </li>
          {POLICIES.map((l) => (
            <li key={l.href}>
              <a href={l.href} className="text-muted hover:text-primary">
                {l.label}
              </a>
            </li>
          ))}
          <li>
            <a href="/blog" className="text-muted hover:text-primary">
              Jewelry Guides
            </a>
          </li>
        </ul>
      </nav>
    </>
  );
}

/** The social links under the newsletter box. */
export function FooterSocial() {
  return (
    <ul className="mt-6 flex gap-3" aria-label="Follow us">
      {SOCIAL.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            rel="noopener noreferrer"
            target="_blank"
            aria-label={label}
            className="inline-flex h-10 w-10 items-center justify-center rounded-full border border-hairline bg-white text-ink hover:border-primary hover:text-primary"
          >
            <Icon className="h-4 w-4" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The bottom row: accepted payments, region, copyright. */
export function FooterBottom({ store, payment }: { store: FooterStore; payment: StoreFacts['payment'] }) {
  return (
    <div className="mx-auto flex max-w-site flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between lg:px-8">
      <PaymentBadges accepted={acceptedPayments(payment)} />
      <p className="text-muted">
        <span className="sr-only">Region, currency and language: </span>
        <span>United States</span> <span aria-hidden="true">·</span> <span>USD</span> <span aria-hidden="true">·</span>{' '}
        <span>English</span>
      </p>
      <p className="text-muted">
        © {COPYRIGHT_YEAR} {store.name}. All rights reserved.
      </p>
    </div>
  );
}
