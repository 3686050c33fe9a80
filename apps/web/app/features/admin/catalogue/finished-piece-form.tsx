import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { AdminProduct, FinishedPiece } from '@facet/contracts/admin-catalogue';
import { centsOf } from '@facet/contracts/money';
import { toast } from '~/lib/toast.ts';
import { adminApi } from '../shared/admin-api.ts';
import { Field } from '../shared/field.tsx';
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
  const error = (field: string): FieldError | undefined =>
    errors[field] ? { type: 'server', message: errors[field] } : undefined;

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
        <Field label="Metal" error={error('metal')}>
          {(a) => (
            <select {...a} className="field py-2" value={metal} onChange={(ev) => setMetal(ev.target.value)}>
              {metals.map(([q, name]) => (
                <option key={q} value={q}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {sizes.length > 0 && (
          <Field label="Size" error={error('size')}>
            {(a) => (
              <select {...a} className="field py-2" value={size} onChange={(ev) => setSize(ev.target.value)}>
                {sizes.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="Price (USD)" error={error('priceCents')}>
          {(a) => (
            <input
              {...a}
              className="field py-2"
              inputMode="decimal"
              value={price}
              onChange={(ev) => setPrice(ev.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Stones set in it" error={error('stones')}>
        {(a) => (
          <input
            {...a}
            className="field py-2"
            value={stones}
            maxLength={200}
            placeholder="1.02 ct round diamond, G VS1, GIA 2141234567"
            onChange={(ev) => setStones(ev.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Pieces" error={error('quantity')}>
          {(a) => (
            <input
              {...a}
              className="field py-2"
              inputMode="numeric"
              value={quantity}
              onChange={(ev) => setQuantity(ev.target.value)}
            />
          )}
        </Field>
        <Field label="Ships in (business days)" error={error('shipsInDays')}>
          {(a) => (
            <input
              {...a}
              className="field py-2"
              inputMode="numeric"
              value={shipsIn}
              onChange={(ev) => setShipsIn(ev.target.value)}
            />
          )}
        </Field>
      </div>
      <button type="submit" className="btn-secondary py-1.5 text-sm" disabled={busy}>
        {busy ? 'Making it…' : 'Make it a design of its own'}
      </button>
    </form>
  );
}
