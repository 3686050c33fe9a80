import type { AdminOrder } from '@facet/contracts/admin';
import { adminLoad } from '../shared/admin-api.ts';
import { AddressLines } from '~/components/address-lines.tsx';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** A printable page of the store's: Print button, letterhead, and what it is (title, reference, day). */
export function PrintFrame({
  title,
  reference,
  day: on,
  store,
  children,
  width = 'max-w-3xl',
  inBatch = false,
}: {
  title: string;
  reference: React.ReactNode;
  day: Date;
  store: { name: string; address: string; email: string; phone: string };
  children: React.ReactNode;
  width?: string;
  /** One sheet of several printed together: no Print button of its own, a new page after it. */
  inBatch?: boolean;
}) {
  const Frame = inBatch ? 'section' : 'main';
  return (
    <Frame
      id={inBatch ? undefined : 'main'}
      className={`mx-auto ${width} bg-white p-8 text-sm text-ink print:p-0 ${inBatch ? 'break-after-page print:break-after-page' : ''}`}
    >
      {!inBatch && (
        <div className="mb-6 flex justify-end gap-3 print:hidden">
          <button type="button" className="btn-primary py-2" onClick={() => window.print()}>
            Print
          </button>
        </div>
      )}
      <header className="flex items-start justify-between gap-6 border-b border-ink pb-4">
        <div>
          <p className="font-display text-3xl tracking-[0.12em]">FACET</p>
          <p className="mt-1 text-xs text-muted">
            {store.name} · {store.address}
            <br />
            {store.email} · {store.phone}
          </p>
        </div>
        <div className="text-right">
          <h1 className="font-sans text-xl font-semibold tracking-normal">{title}</h1>
          {reference}
          <p className="text-muted">{day.format(on)}</p>
        </div>
      </header>
      {children}
    </Frame>
  );
}

/** A printable sheet for one order (packing slip or invoice): the store, the order, the addresses. */
export function PrintSheet({
  title,
  order,
  store,
  children,
  inBatch,
}: {
  title: string;
  order: AdminOrder;
  store: { name: string; address: string; email: string; phone: string };
  children: React.ReactNode;
  inBatch?: boolean;
}) {
  return (
    <PrintFrame
      title={title}
      reference={<p>Order {order.number}</p>}
      day={new Date(order.placedAt)}
      store={store}
      inBatch={inBatch}
    >
      <div className="mt-5 grid grid-cols-2 gap-6">
        <div>
          <h2 className="font-sans text-xs font-semibold uppercase tracking-wider text-muted">Ship to</h2>
          <AddressLines a={order.shippingAddress} />
        </div>
        <div>
          <h2 className="font-sans text-xs font-semibold uppercase tracking-wider text-muted">Bill to</h2>
          <AddressLines a={order.billingAddress} />
          <p className="mt-1">{order.email}</p>
        </div>
      </div>
      {children}
    </PrintFrame>
  );
}

/** The order a print page shows (packing slip, invoice), loaded with the staff session. */
export const loadOrderForPrint = (request: Request, number: string) =>
  adminLoad(request, 'GET /orders/:number', { params: { number } });

export type OrderWithLabels = Awaited<ReturnType<typeof loadOrderWithLabels>>;
/** The order and its labels, for the packing slip. */
export const loadOrderWithLabels = async (request: Request, number: string) => {
  const [order, labels] = await Promise.all([
    loadOrderForPrint(request, number),
    adminLoad(request, 'GET /orders/:number/shipments', { params: { number } }),
  ]);
  return { ...order, labels };
};

export function PrintFallback() {
  return <p className="p-6 text-sm text-muted">Loading…</p>;
}
