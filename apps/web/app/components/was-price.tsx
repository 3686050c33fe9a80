import type { SaleTag } from '@facet/contracts/sale';
import { formatMoney } from '@facet/contracts/money';

/** "Sunday, November 30 at 11:59 PM EST", on the store's clock. */
const ends = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/, (\d+:\d\d)/, ' at $1');

/** What a price was before a sale, struck through ("was $1,200"): nothing when no sale applies. */
export function WasPrice({ cents, className = '' }: { cents?: number; className?: string }) {
  if (cents === undefined) return null;
  return (
    <s className={`font-normal text-muted ${className}`} data-testid="was-price">
      <span className="sr-only">was </span>
      {formatMoney(cents)}
    </s>
  );
}

/** The maker's list price of a piece (the server sends it only where it is above ours and no sale is on). */
export function ListPrice({ cents, className = '' }: { cents?: number; className?: string }) {
  if (cents === undefined) return null;
  return (
    <p className={`text-sm text-muted ${className}`} data-testid="list-price">
      Maker&rsquo;s list price <s>{formatMoney(cents)}</s>
    </p>
  );
}

/** The sale's name and how much it takes off, and (given the store's time zone) when it ends. */
export function SaleNote({
  sale,
  timezone,
  className = '',
}: {
  sale?: SaleTag;
  timezone?: string;
  className?: string;
}) {
  if (!sale) return null;
  return (
    <p className={`text-xs font-medium text-primary ${className}`} data-testid="sale-note">
      {sale.name} · {sale.percent}% off{timezone ? ` — ends ${ends(sale.endsAt, timezone)}` : ''}
    </p>
  );
}
