import type { ShippingMethod, ShippingOption } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';

export function ShippingMethodStep({
  options,
  method,
  onChoose,
  signature,
  problem,
  pending = false,
}: {
  options: ShippingOption[];
  method: ShippingMethod;
  onChoose: (m: ShippingMethod) => void;
  /** Whether this parcel is signed for on delivery (the store's threshold). */
  signature: boolean;
  /** Why the methods cannot be priced now (the carrier is not answering, or will not deliver there). */
  problem: string | null;
  /** The carrier prices them once the address is complete. */
  pending?: boolean;
}) {
  if (problem)
    return (
      <p role="alert" className="border border-danger p-4 text-sm text-danger">
        {problem}
      </p>
    );
  return (
    <fieldset className="space-y-2">
      <legend className="sr-only">Shipping method</legend>
      {options.map((o) => (
        <label
          key={o.method}
          className={`flex cursor-pointer items-center justify-between gap-3 border p-4 text-sm ${method === o.method ? 'border-primary bg-secondary/40' : 'border-hairline'}`}
        >
          <span className="flex items-center gap-3">
            <input
              type="radio"
              name="shipping-method"
              value={o.method}
              checked={method === o.method}
              onChange={() => onChoose(o.method)}
              className="accent-[var(--color-primary)]"
            />
            <span>
              <span className="font-medium">{o.label}</span>
              <span className="block text-xs text-muted">
                {pending ? 'Delivery time for your address' : `${o.days} once ready`}
                {signature ? ' · signature required' : ''}
              </span>
            </span>
          </span>
          <span className={pending ? 'text-xs text-muted' : 'font-medium'}>
            {pending ? 'Priced for your address' : o.cents === 0 ? 'Free' : formatMoney(o.cents, { exact: true })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
