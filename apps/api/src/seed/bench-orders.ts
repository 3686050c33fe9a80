import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Synthetic past orders for the back-office bench (`npm run bench -- --db postgres`): `n` orders
 * over the last year, one line each, spread over every status, written by PostgreSQL itself.
 */
export async function seedBenchOrders(db: DbOrTx, n: number): Promise<void> {
  await db.execute(sql`
    with o as (insert into customer_order (number, email, access_token_hash, status, shipping_address, billing_address, shipping_method,
      subtotal_cents, shipping_cents, tax_cents, total_cents, paid_cents, refunded_cents, payment_provider, payment_ref,
      card_brand, card_last4, idempotency_scope, idempotency_key, request_hash, answer, placed_at)
    select 'FCT-B' || upper(lpad(to_hex(i), 7, '0')), 'buyer' || i || '@example.com', md5(i::text),
      (array['placed','in_production','ready_to_ship','shipped','delivered','delivered','delivered','cancelled'])[1 + i % 8],
      a, a, 'standard', 50000 + (i * 7919) % 900000, 0, 0, 50000 + (i * 7919) % 900000, 50000 + (i * 7919) % 900000,
      case when i % 40 = 0 then 10000 else 0 end, 'test', 'bench_' || i, 'Visa', '4242', 'bench', 'b' || i, md5(i::text), '{}'::jsonb,
      now() - make_interval(mins => i * 5)
    from generate_series(1, ${n}) as i,
      lateral (select jsonb_build_object('name', (array['Ada King','Grace Hopper','Mary Somerville','Emmy Noether','Hedy Lamarr'])[1 + i % 5] || ' ' || i,
        'company', '', 'line1', i || ' Main St', 'line2', '', 'city', 'New York', 'state', 'NY', 'zip', '10012', 'country', 'US',
        'phone', '(212) 555-0188') as a) addr
    on conflict do nothing
    returning id, subtotal_cents)
    insert into order_line (order_id, position, kind, ref_id, title, details, image, quantity, unit_price_cents, line_total_cents)
    select o.id, 0, 'product', 1, 'Bench piece', '[]'::jsonb, '', 1, o.subtotal_cents, o.subtotal_cents from o`);
  // A store's tables are vacuumed in the background; the bench starts from that steady state.
  await db.execute(sql`vacuum analyze customer_order`);
  await db.execute(sql`vacuum analyze order_line`);
}
