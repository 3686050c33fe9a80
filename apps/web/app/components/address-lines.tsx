import type { Address } from '@facet/contracts/account';

/** A postal address as the shopper wrote it. */
export function AddressLines({
  a,
}: {
  a: Pick<Address, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'zip' | 'phone'> & { state: string };
}) {
  return (
    <address className="not-italic leading-relaxed">
      <span className="font-medium">{a.name}</span>
      <br />
      {a.company && (
        <>
          {a.company}
          <br />
        </>
      )}
      {a.line1}
      {a.line2 && `, ${a.line2}`}
      <br />
      {a.city}, {a.state} {a.zip}
      <br />
      <span className="text-muted">{a.phone}</span>
    </address>
  );
}
