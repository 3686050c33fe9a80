import { z } from 'zod';
import { engravingOffer, type EngravingOffer } from '@facet/contracts/engraving';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import { checkedByContract } from '../shared/contract-form.ts';

// Whether a design can be engraved, and how: typed as text (dollars, days) and checked by the
// contract's own schema once converted, so the form refuses exactly what the API would.

const shape = z
  .object({
    on: z.boolean(),
    place: z.string(),
    maxChars: z.string(),
    fonts: z.array(z.string()),
    price: z.string(),
    days: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.on && !/^\d+(\.\d{1,2})?$/.test(v.price.trim()))
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Dollars, like 0 or 45.00' });
  });
export const engravingFields = checkedByContract(
  shape,
  engravingOffer.nullable(),
  (v) => (v.on ? toOffer(v) : null),
  (path) => [path[0] === 'priceCents' ? 'price' : (path[0] ?? 'on')],
);
export type EngravingFields = z.infer<typeof shape>;

const toOffer = (v: EngravingFields) => ({
  place: v.place,
  maxChars: Number(v.maxChars),
  fonts: v.fonts,
  priceCents: centsOf(Number(v.price)),
  days: Number(v.days),
});
/** What the API is sent: the offer, or null for a piece that is not engraved. */
export const offerOf = (v: EngravingFields): EngravingOffer | null => (v.on ? engravingOffer.parse(toOffer(v)) : null);
export const engravingValuesOf = (o: EngravingOffer | null): EngravingFields =>
  o
    ? {
        on: true,
        place: o.place,
        maxChars: String(o.maxChars),
        fonts: o.fonts,
        price: decimalPrice(o.priceCents),
        days: String(o.days),
      }
    : {
        on: false,
        place: 'inside the band',
        maxChars: '20',
        fonts: ['script', 'roman', 'block'],
        price: '0',
        days: '2',
      };
