import { sql } from 'drizzle-orm';
import type { AdminGiftCard, GIFT_ENTRY_KINDS } from '@facet/contracts/gift-cards';
import { isoInstant } from '../../db/moments.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';

// Gift cards, their ledger and what they paid of orders. A balance moves only by a conditional
// update (never below zero: also a table constraint), so cards spent at once are refused, not overdrawn.

const ISO = isoInstant;
const CARD = sql`c.id, c.last4, c.initial_cents as "initialCents", c.balance_cents as "balanceCents", c.active,
  c.recipient_name as "recipientName", c.recipient_email as "recipientEmail", c.sender_name as "senderName",
  c.deliver_on as "deliverOn", ${ISO('c.delivered_at')} as "deliveredAt", o.number as "orderNumber",
  c.created_by as "createdBy", ${ISO('c.created_at')} as "createdAt", c.version`;

export type EntryKind = (typeof GIFT_ENTRY_KINDS)[number];

export const giftCardRepository = {
  /** The cards an order bought, with what a refund took back of each (`lock`: for that refund). */
  boughtBy: async (db: DbOrTx, orderId: number, lock = false) => {
    const cards = rowsOf<{ id: number; last4: string | null; initialCents: number; balanceCents: number }>(
      await db.execute(sql`select id, last4, initial_cents as "initialCents", balance_cents as "balanceCents"
        from gift_card where order_id = ${orderId} order by id ${lock ? sql`for update` : sql``}`),
    );
    if (!cards.length) return [];
    const taken = rowsOf<{ cardId: number; cents: number }>(
      await db.execute(sql`select card_id as "cardId", -sum(cents)::int as cents from gift_card_entry
        where kind = 'take-back' and card_id in (${sql.join(
          cards.map((c) => sql`${c.id}`),
          sql`, `,
        )}) group by card_id`),
    );
    return cards.map((c) => {
      const t = taken.find((x) => x.cardId === c.id);
      return { ...c, takenBack: !!t, takenBackCents: t?.cents ?? 0 };
    });
  },
  /** Empties and disables a card (the order that bought it was refunded). */
  takeBack: (tx: DbOrTx, id: number) =>
    tx.execute(sql`update gift_card set balance_cents = 0, active = false, version = version + 1 where id = ${id}`),
  insert: async (
    tx: DbOrTx,
    c: {
      amountCents: number;
      recipientName: string;
      recipientEmail: string;
      senderName: string;
      message: string;
      deliverOn: string;
      orderId: number | null;
      orderLineId: number | null;
      by: string;
    },
  ) =>
    rowsOf<{ id: number }>(
      await tx.execute(sql`insert into gift_card (initial_cents, balance_cents, recipient_name, recipient_email,
        sender_name, message, deliver_on, order_id, order_line_id, created_by)
        values (${c.amountCents}, ${c.amountCents}, ${c.recipientName}, ${c.recipientEmail}, ${c.senderName},
          ${c.message}, ${c.deliverOn}, ${c.orderId}, ${c.orderLineId}, ${c.by}) returning id`),
    )[0]!.id,
  entry: (
    tx: DbOrTx,
    e: {
      cardId: number;
      kind: EntryKind;
      cents: number;
      balanceCents: number;
      orderId: number | null;
      by: string;
      reason: string | null;
    },
  ) =>
    tx.execute(sql`insert into gift_card_entry (card_id, kind, cents, balance_cents, order_id, by, reason)
      values (${e.cardId}, ${e.kind}, ${e.cents}, ${e.balanceCents}, ${e.orderId}, ${e.by}, ${e.reason})`),
  byHash: async (db: DbOrTx, hash: string) =>
    rowsOf<{ id: number; last4: string; balanceCents: number; active: boolean }>(
      await db.execute(
        sql`select id, last4, balance_cents as "balanceCents", active from gift_card where code_hash = ${hash}`,
      ),
    )[0] ?? null,
  /** Takes `cents` off while the card is active and holds that much; null when it does not. */
  debit: async (tx: DbOrTx, id: number, cents: number) =>
    rowsOf<{ balanceCents: number }>(
      await tx.execute(sql`update gift_card set balance_cents = balance_cents - ${cents}
        where id = ${id} and active and balance_cents >= ${cents} returning balance_cents as "balanceCents"`),
    )[0]?.balanceCents ?? null,
  credit: async (tx: DbOrTx, id: number, cents: number) =>
    rowsOf<{ balanceCents: number }>(
      await tx.execute(sql`update gift_card set balance_cents = balance_cents + ${cents}, version = version + 1
        where id = ${id} returning balance_cents as "balanceCents"`),
    )[0]!.balanceCents,
  balance: async (db: DbOrTx, id: number) =>
    rowsOf<{ balanceCents: number }>(
      await db.execute(sql`select balance_cents as "balanceCents" from gift_card where id = ${id}`),
    )[0]?.balanceCents ?? 0,
  paid: (tx: DbOrTx, orderId: number, cardId: number, cents: number) =>
    tx.execute(sql`insert into gift_card_payment (order_id, card_id, cents) values (${orderId}, ${cardId}, ${cents})`),
  /** What each card paid of the order and has not had back, oldest first (locked: refunds one at a time). */
  unreturned: async (tx: DbOrTx, orderId: number) =>
    rowsOf<{ id: number; cardId: number; left: number; last4: string }>(
      await tx.execute(sql`select p.id, p.card_id as "cardId", p.cents - p.returned_cents as left, c.last4
        from gift_card_payment p join gift_card c on c.id = p.card_id
        where p.order_id = ${orderId} and p.returned_cents < p.cents order by p.id for update of p`),
    ),
  returned: (tx: DbOrTx, paymentId: number, cents: number) =>
    tx.execute(sql`update gift_card_payment set returned_cents = returned_cents + ${cents} where id = ${paymentId}`),
  paymentsOf: async (db: DbOrTx, orderId: number) =>
    rowsOf<{ last4: string; cents: number }>(
      await db.execute(sql`select c.last4, p.cents from gift_card_payment p join gift_card c on c.id = p.card_id
        where p.order_id = ${orderId} order by p.id`),
    ),

  list: async (db: DbOrTx, q: string | undefined) =>
    rowsOf<AdminGiftCard>(
      await db.execute(sql`select ${CARD} from gift_card c left join customer_order_view o on o.id = c.order_id
        ${q ? sql`where c.last4 = ${q.toUpperCase()} or c.recipient_email ilike ${`%${q}%`} or o.number = ${q.toUpperCase()}` : sql``}
        order by c.id desc limit 200`),
    ),
  one: async (db: DbOrTx, id: number, lock = false) =>
    rowsOf<AdminGiftCard & { message: string }>(
      await db.execute(sql`select ${CARD}, c.message from gift_card c left join customer_order_view o on o.id = c.order_id
        where c.id = ${id} ${lock ? sql`for update of c` : sql``}`),
    )[0] ?? null,
  ledger: async (db: DbOrTx, id: number) =>
    rowsOf<{
      at: string;
      kind: EntryKind;
      cents: number;
      balanceCents: number;
      orderNumber: string | null;
      by: string;
      reason: string | null;
    }>(
      await db.execute(sql`select ${ISO('e.at')} as at, e.kind, e.cents, e.balance_cents as "balanceCents",
        o.number as "orderNumber", e.by, e.reason from gift_card_entry e left join customer_order_view o on o.id = e.order_id
        where e.card_id = ${id} order by e.id`),
    ),
  setActive: (tx: DbOrTx, id: number, active: boolean) =>
    tx.execute(sql`update gift_card set active = ${active}, version = version + 1 where id = ${id}`),
  /** Issued, spent and adjusted, over every card; outstanding is what active cards hold. */
  liability: async (db: DbOrTx) =>
    rowsOf<{
      cards: number;
      issuedCents: number;
      redeemedCents: number;
      adjustedCents: number;
      outstandingCents: number;
    }>(
      await db.execute(sql`select
        (select count(*)::int from gift_card) as cards,
        coalesce((select sum(cents) from gift_card_entry where kind = 'issue'), 0)::int as "issuedCents",
        coalesce((select -sum(cents) from gift_card_entry where kind in ('redeem', 'refund', 'release')), 0)::int as "redeemedCents",
        coalesce((select sum(cents) from gift_card_entry where kind in ('adjust', 'disable', 'take-back')), 0)::int as "adjustedCents",
        coalesce((select sum(balance_cents) from gift_card where active), 0)::int as "outstandingCents"`),
    )[0]!,

  /** Cards due today or before, not yet delivered, whose order (if any) is paid; locked, so one instance sends each. */
  due: async (tx: DbOrTx, today: string) =>
    rowsOf<{
      id: number;
      initialCents: number;
      recipientName: string;
      recipientEmail: string;
      senderName: string;
      message: string;
    }>(
      await tx.execute(sql`select c.id, c.initial_cents as "initialCents", c.recipient_name as "recipientName",
        c.recipient_email as "recipientEmail", c.sender_name as "senderName", c.message
        from gift_card c left join customer_order_view o on o.id = c.order_id
        where c.delivered_at is null and c.active and c.deliver_on <= ${today}
          and (c.order_id is null or o.payment_state = 'paid')
        order by c.id limit 20 for update of c skip locked`),
    ),
  delivered: (tx: DbOrTx, id: number, hash: string, last4: string) =>
    tx.execute(sql`update gift_card set code_hash = ${hash}, last4 = ${last4}, delivered_at = now(), version = version + 1
      where id = ${id}`),
};
