import { taxRateText } from '@facet/contracts/tax-rate-text';
import { formatMoney } from '@facet/contracts/money';
import { EngravedWords } from '~/components/engraved-words.tsx';
import { paidWith } from '~/components/paid-with.ts';
import type { Route } from './+types/invoice';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { loadOrderForPrint, PrintFallback, PrintSheet } from '~/features/admin/orders/print-sheet.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';

export const meta: Route.MetaFunction = ({ params }) => pageMeta({ title: `Invoice ${params.number}`, noindex: true });
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) => loadOrderForPrint(request, params.number);
export const HydrateFallback = PrintFallback;
export const ErrorBoundary = AdminRouteError;

const money = (c: number) => formatMoney(c, { exact: true });

/** The order's invoice: lines, tax, shipping, what was paid and what was refunded. */
export default function Invoice({ loaderData: o }: Route.ComponentProps) {
  const store = useRootData()!.store;
  const rows: Array<[string, number]> = [
    ['Subtotal', o.totals.subtotalCents],
    ...(o.totals.discountCents
      ? ([[`Discount (${o.totals.discountLabel})`, -o.totals.discountCents]] as Array<[string, number]>)
      : []),
    [`Shipping (${o.shipping.label})`, o.totals.shippingCents],
    // Each jurisdiction the tax service named (a city, a county, a district), else the state's rate.
    ...(o.totals.taxLines.length > 1
      ? o.totals.taxLines.map((l): [string, number] => [`${l.name} (${taxRateText(l.percent)})`, l.cents])
      : ([[`Sales tax (${o.totals.taxState})`, o.totals.taxCents]] as Array<[string, number]>)),
    ['Total', o.totals.totalCents],
    ...paidWith(o).map(([label, cents]): [string, number] => [
      label === 'Still to pay' ? 'Balance due' : `Paid, ${label}`,
      cents,
    ]),
    ...(o.refundedCents ? ([['Refunded', -o.refundedCents]] as Array<[string, number]>) : []),
  ];
  return (
    <PrintSheet title="Invoice" order={o} store={store}>
      <table className="mt-6 w-full">
        <caption className="sr-only">Invoice lines</caption>
        <thead className="border-b border-ink text-left text-xs uppercase tracking-wider">
          <tr>
            <th scope="col" className="py-2">
              Item
            </th>
            <th scope="col" className="py-2 text-right">
              Qty
            </th>
            <th scope="col" className="py-2 text-right">
              Unit
            </th>
            <th scope="col" className="py-2 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {o.lines.map((l, i) => (
            <tr key={i} className="border-b border-hairline align-top">
              <td className="py-2">
                {l.title}
                <span className="block text-xs text-muted">{l.details.join(' · ')}</span>
                {l.engraving && <EngravedWords plain engraving={l.engraving} className="text-xs" />}
                {l.saleName && l.wasUnitCents !== undefined && (
                  <span className="block text-xs">
                    {l.saleName}: {money(l.wasUnitCents)} less {money(l.wasUnitCents - l.unitPriceCents)} each
                  </span>
                )}
              </td>
              <td className="py-2 text-right">{l.quantity}</td>
              <td className="py-2 text-right">{money(l.unitPriceCents)}</td>
              <td className="py-2 text-right">{money(l.lineTotalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-4 w-full max-w-xs space-y-1">
        {rows.map(([label, cents]) => (
          <div
            key={label}
            className={`flex justify-between ${label === 'Total' ? 'border-t border-ink pt-1 font-semibold' : ''}`}
          >
            <dt>{label}</dt>
            <dd>{money(cents)}</dd>
          </div>
        ))}
      </dl>
    </PrintSheet>
  );
}
