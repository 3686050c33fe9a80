import { useState } from 'react';
import { Form, useRevalidator, useSearchParams } from 'react-router';
import type { Route } from './+types/gift-cards';
import { formatMoney } from '@facet/contracts/money';
import { adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListAndEditor } from '~/features/admin/shared/list-and-editor.tsx';
import { GiftCardDetail, IssueGiftCard } from '~/features/admin/promotions/gift-card-panels.tsx';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /gift-cards', { query: new URL(request.url).searchParams });
}
export const ErrorBoundary = AdminRouteError;

const money = (c: number) => formatMoney(c, { exact: true });

export default function AdminGiftCards({ loaderData }: Route.ComponentProps) {
  const { cards, liability } = loaderData;
  const { revalidate } = useRevalidator();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  return (
    <>
      <AdminHeading title="Gift cards">
        <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => setOpen('new')}>
          Issue a card
        </button>
      </AdminHeading>
      <dl
        className="mb-4 grid grid-cols-2 gap-px border border-hairline bg-hairline text-sm sm:grid-cols-4"
        aria-label="Liability"
      >
        {(
          [
            ['Issued', liability.issuedCents, `${liability.cards} ${liability.cards === 1 ? 'card' : 'cards'}`],
            ['Spent', liability.redeemedCents, 'net of refunds'],
            ['Adjusted', liability.adjustedCents, 'by staff'],
            ['Outstanding', liability.outstandingCents, 'owed on active cards'],
          ] as const
        ).map(([label, cents, note]) => (
          <div key={label} className="bg-white p-3">
            <dt className="text-xs uppercase tracking-wider text-muted">{label}</dt>
            <dd className="mt-1 text-lg tabular-nums" data-testid={`liability-${label.toLowerCase()}`}>
              {money(cents)}
            </dd>
            <dd className="text-xs text-muted">{note}</dd>
          </div>
        ))}
      </dl>
      <ListAndEditor
        side="26rem"
        idle="Choose a card to see its ledger, adjust or disable it."
        list={
          <div>
            <Form method="get" role="search" className="mb-3 flex gap-2">
              <label htmlFor="gift-q" className="sr-only">
                Find a card
              </label>
              <input
                id="gift-q"
                name="q"
                defaultValue={params.get('q') ?? ''}
                placeholder="Last four, e-mail or order number"
                className="field max-w-xs py-1.5"
              />
              <button type="submit" className="btn-secondary py-1.5 text-sm">
                Find
              </button>
            </Form>
            <ListTable
              caption="Gift cards, newest first"
              columns={['Card', 'For', 'Balance', 'State', '']}
              rows={cards.length}
              empty={
                params.get('q')
                  ? 'No card matches.'
                  : 'No gift cards yet. Shoppers buy them at /gift-cards; you can issue one here.'
              }
            >
              {cards.map((c) => (
                <tr key={c.id} className={`border-t border-hairline ${open === c.id ? 'bg-primary/5' : ''}`}>
                  <td className="px-3 py-1.5 font-mono text-xs">{c.last4 ? `…${c.last4}` : 'not sent'}</td>
                  <td className="px-3 py-1.5">
                    {c.recipientName}
                    <span className="block text-xs text-muted">{c.recipientEmail}</span>
                  </td>
                  <td className="px-3 py-1.5 tabular-nums">
                    {money(c.balanceCents)}
                    <span className="block text-xs text-muted">of {money(c.initialCents)}</span>
                  </td>
                  <td className="px-3 py-1.5">
                    {!c.active ? 'Disabled' : c.deliveredAt ? 'Active' : `Sends ${c.deliverOn}`}
                  </td>
                  <td className="px-3 py-1 text-right">
                    <button type="button" className="px-2 py-1 text-primary underline" onClick={() => setOpen(c.id)}>
                      Open<span className="sr-only"> the card for {c.recipientName}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </ListTable>
          </div>
        }
        editor={
          open === null ? null : open === 'new' ? (
            <IssueGiftCard
              onIssued={(card) => {
                setOpen(card.id);
                void revalidate();
              }}
            />
          ) : (
            <GiftCardDetail key={open} id={open} onChanged={() => void revalidate()} />
          )
        }
      />
    </>
  );
}
