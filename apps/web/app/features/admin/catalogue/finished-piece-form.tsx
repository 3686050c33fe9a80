import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminProduct, FinishedPiece } from '@facet/contracts/admin-catalogue';
import { centsOf } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { useAdminAction } from '../shared/use-admin-action.ts';

// A setting made up with its stones and kept in the case: it becomes a design of its own (a draft
// to photograph and publish), sold as it is from stock; the setting stays made to order.

export function FinishedPieceForm({ product }: { product: AdminProduct }) {
  const navigate = useNavigate();
  const { busy, run } = useAdminAction();
  const metals = [...new Map(product.variants.map((v) => [v.metal, v.metalName]))];
  const sizes = [...new Set(product.variants.map((v) => v.fingerSize).filter((s): s is number => s !== null))].sort(
    (a, b) => a - b,
  );
  const [metal, setMetal] = useState(metals[0]?.[0] ?? '');
  const [size, setSize] = useState(sizes.includes(7) ? '7' : String(sizes[0] ?? ''));
  const [stones, setStones] = useState('');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [shipsIn, setShipsIn] = useState('2');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const make = () =>
    void run(
      async () => {
        if (!/^\d+(\.\d{1,2})?$/.test(price.trim())) {
          setErrors({ priceCents: 'Dollars, like 8450' });
          return;
        }
        const body: FinishedPiece = {
          metal: metal as FinishedPiece['metal'],
          size: sizes.length ? Number(size) : null,
          stones,
          priceCents: centsOf(Number(price)),
          quantity: Number(quantity),
          shipsInDays: Number(shipsIn),
        };
        const made = await adminApi('POST /products/:id/finished-piece', { params: product, body });
        toast.success(`“${made.description}” made as a draft: photograph it, then publish it.`);
        navigate(`/admin/products/${made.id}`);
      },
      (errs) => setErrors(errs ?? {}),
    );
  const error = (field: string) =>
    errors[field] ? (
      <p id={`finished-${field}-error`} className="mt-1 text-sm text-danger">
        {errors[field]}
      </p>
    ) : null;
  const a11y = (field: string) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `finished-${field}-error` }
      : ({} as Record<string, never>);

  return (
    <form
      method="post"
      noValidate
      className="space-y-3 border border-hairline bg-white p-4"
      aria-labelledby="finished-piece"
      onSubmit={(ev) => {
        ev.preventDefault();
        make();
      }}
    >
      <h2 id="finished-piece" className="text-sm font-semibold">
        A finished piece in the case
      </h2>
      <p className="text-xs text-muted">
        Made up with its stones and ready to ship: it becomes a design of its own, sold as it is from stock, with its
        stones on its page. This setting stays made to order.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="finished-metal" className="mb-1 block text-sm font-medium">
            Metal
          </label>
          <select
            id="finished-metal"
            className="field py-2"
            value={metal}
            onChange={(ev) => setMetal(ev.target.value)}
            {...a11y('metal')}
          >
            {metals.map(([q, name]) => (
              <option key={q} value={q}>
                {name}
              </option>
            ))}
          </select>
          {error('metal')}
        </div>
        {sizes.length > 0 && (
          <div>
            <label htmlFor="finished-size" className="mb-1 block text-sm font-medium">
              Size
            </label>
            <select
              id="finished-size"
              className="field py-2"
              value={size}
              onChange={(ev) => setSize(ev.target.value)}
              {...a11y('size')}
            >
              {sizes.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
            {error('size')}
          </div>
        )}
        <div>
          <label htmlFor="finished-price" className="mb-1 block text-sm font-medium">
            Price (USD)
          </label>
          <input
            id="finished-price"
            className="field py-2"
            inputMode="decimal"
            value={price}
            onChange={(ev) => setPrice(ev.target.value)}
            {...a11y('priceCents')}
          />
          {error('priceCents')}
        </div>
      </div>
      <div>
        <label htmlFor="finished-stones" className="mb-1 block text-sm font-medium">
          Stones set in it
        </label>
        <input
          id="finished-stones"
          className="field py-2"
          value={stones}
          maxLength={200}
          placeholder="1.02 ct round diamond, G VS1, GIA 2141234567"
          onChange={(ev) => setStones(ev.target.value)}
          {...a11y('stones')}
        />
        {error('stones')}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor="finished-quantity" className="mb-1 block text-sm font-medium">
            Pieces
          </label>
          <input
            id="finished-quantity"
            className="field py-2"
            inputMode="numeric"
            value={quantity}
            onChange={(ev) => setQuantity(ev.target.value)}
            {...a11y('quantity')}
          />
          {error('quantity')}
        </div>
        <div>
          <label htmlFor="finished-ships" className="mb-1 block text-sm font-medium">
            Ships in (business days)
          </label>
          <input
            id="finished-ships"
            className="field py-2"
            inputMode="numeric"
            value={shipsIn}
            onChange={(ev) => setShipsIn(ev.target.value)}
            {...a11y('shipsInDays')}
          />
          {error('shipsInDays')}
        </div>
      </div>
      <button type="submit" className="btn-secondary py-1.5 text-sm" disabled={busy}>
        {busy ? 'Making it…' : 'Make it a design of its own'}
      </button>
    </form>
  );
}
