import { Mail, MapPin, Phone } from '~/components/icons.tsx';
import { COPYRIGHT_YEAR } from '@facet/contracts/constants';
import { FacebookIcon, InstagramIcon, PaymentBadges, PinterestIcon, YoutubeIcon } from './brand-icons.tsx';
import { NewsletterBox } from './newsletter-box.tsx';
import { useRouterLinks } from '~/lib/router-links.tsx';
import { CATEGORY } from '@facet/contracts/categories';
import { paths } from '@facet/contracts/paths';
import { acceptedPayments } from '@facet/contracts/store-facts';
import { useStoreFacts } from '~/lib/store-facts.ts';

interface Props {
  store: { name: string; email: string; phone: string; address: string };
}

const POLICIES = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Return Policy', href: '/return-policy' },
  { label: 'Terms & Conditions', href: '/terms-condition' },
  { label: 'Shipping Policy', href: '/shipping-policy' },
];
const SHOP = [
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

export function Footer({ store }: Props) {
  const facts = useStoreFacts();
  // Every page renders the footer: its store links are plain anchors the router follows (one handler).
  const links = useRouterLinks();
  return (
    <footer
      // Below the first screen on every page: the browser styles and lays it out only as it nears
      // the viewport, not in the first, blocking work of the page. The sizes are its own at each width
      // (measured), so the page's length does not change as it comes in.
      className="mt-24 border-t border-hairline bg-panel text-sm [contain-intrinsic-size:auto_1190px] [content-visibility:auto] md:[contain-intrinsic-size:auto_700px] lg:[contain-intrinsic-size:auto_420px]"
      {...links.handlers}
    >
      {links.prefetch}
      <div className="mx-auto grid max-w-site gap-10 px-4 py-14 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr] lg:px-8">
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
            {SHOP.map((l) => (
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
        <div>
          <h2 className="eyebrow font-sans text-ink">Newsletter</h2>
          <p className="mt-4 text-muted">New collections, rare stones and care advice, about once a month.</p>
          <NewsletterBox />
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
        </div>
      </div>
      <div className="border-t border-hairline">
        <div className="mx-auto flex max-w-site flex-col gap-4 px-4 py-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <PaymentBadges accepted={acceptedPayments(facts.payment)} />
          <p className="text-muted">
            <span className="sr-only">Region, currency and language: </span>
            <span>United States</span> <span aria-hidden="true">·</span> <span>USD</span>{' '}
            <span aria-hidden="true">·</span> <span>English</span>
          </p>
          <p className="text-muted">
            © {COPYRIGHT_YEAR} {store.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
