import { EngravedWords } from '~/components/engraved-words.tsx';
import { PrintSheet, type OrderWithLabels } from './print-sheet.tsx';

/** What goes in the box: the pieces and the stones by stock number, no prices. */
export function PackingSlipSheet({
  o,
  store,
  inBatch,
}: {
  o: OrderWithLabels;
  store: { name: string; address: string; email: string; phone: string };
  inBatch?: boolean;
}) {
  const label = o.labels.shipments.find((s) => s.kind === 'outbound');
  return (
    <PrintSheet title="Packing slip" order={o} store={store} inBatch={inBatch}>
      <table className="mt-6 w-full">
        <caption className="sr-only">Items in this parcel</caption>
        <thead className="border-b border-ink text-left text-xs uppercase tracking-wider">
          <tr>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l, i) => (
            <tr key={i} className="border-b border-hairline align-top">
              <td className="py-2">
                {l.title}
                <span className="block text-xs text-muted">{l.details.join(' · ')}</span>
                {l.engraving && <EngravedWords plain engraving={l.engraving} className="mt-1 text-sm font-medium" />}
              </td>
              <td className="py-2 text-right">{l.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {o.stones.length > 0 && (
        <p className="mt-4 text-xs">
          Stones: {o.stones.map((s) => `${s.serial}${s.certificate ? ` (${s.certificate})` : ''}`).join(', ')}
        </p>
      )}
      <p className="mt-6 text-xs text-muted">
        {o.shipping.label} · insured ·{' '}
        {(label?.signature ?? o.labels.wouldNeedSignature) ? 'signature required on delivery' : 'no signature needed'}
        {label
          ? ` · ${label.carrier} ${label.service} ${label.trackingNumber}`
          : o.trackingNumber
            ? ` · ${o.carrier} ${o.trackingNumber}`
            : ''}
      </p>
      {label && (
        <p className="mt-3 print:hidden">
          <a href={label.labelUrl} className="btn-secondary py-2 text-sm" target="_blank" rel="noreferrer">
            Print the shipping label (PDF)
          </a>
        </p>
      )}
    </PrintSheet>
  );
}
