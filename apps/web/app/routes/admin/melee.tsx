import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Route } from './+types/melee';
import { meleeBody, type AdminMelee, type MeleeInput } from '@facet/contracts/admin-catalogue';
import { MELEE_SHAPES } from '@facet/contracts/catalog';
import { centsOf, decimalPrice, formatMoney } from '@facet/contracts/money';
import { adminApi, adminLoad } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { ListAndEditor } from '~/features/admin/shared/list-and-editor.tsx';
import { checkedByContract } from '~/features/admin/shared/contract-form.ts';
import { Field } from '~/features/admin/shared/field.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import { toast } from '~/lib/toast.ts';
import { ListTable } from '~/features/admin/shared/list-table.tsx';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return adminLoad(request, 'GET /melee');
}
export const ErrorBoundary = AdminRouteError;

// What the inputs hold (numbers as typed); the ranges and lengths are the contract's (meleeBody).
const typed = (re: RegExp, hint: string) => z.string().trim().regex(re, hint);
const fields = z.object({
  origin: z.enum(['natural', 'lab']),
  shape: z.enum(MELEE_SHAPES),
  sizeMm: typed(/^\d(\.\d)?$/, 'Millimetres, like 1.3'),
  sieve: z.string(),
  caratPerStone: typed(/^0?\.\d{1,4}$/, 'Carats, like 0.01'),
  quality: z.string(),
  price: typed(/^\d+(\.\d{1,2})?$/, 'Dollars, like 1250'),
  stock: typed(/^\d+$/, 'Whole stones'),
});
type Values = z.infer<typeof fields>;
const valuesOf = (m?: AdminMelee): Values => ({
  origin: m?.origin ?? 'natural',
  shape: m?.shape ?? 'Round',
  sizeMm: m ? String(m.sizeMm) : '',
  sieve: m?.sieve ?? '',
  caratPerStone: m ? String(m.caratPerStone) : '',
  quality: m?.quality ?? '',
  price: m ? decimalPrice(m.pricePerCaratCents) : '',
  stock: m ? String(m.stock) : '',
});
const bodyOf = (v: Values): MeleeInput => ({
  origin: v.origin,
  shape: v.shape,
  sizeMm: Number(v.sizeMm),
  sieve: v.sieve,
  caratPerStone: Number(v.caratPerStone),
  quality: v.quality,
  pricePerCaratCents: centsOf(Number(v.price)),
  stock: Number(v.stock),
});

const fieldOf = (path: PropertyKey[]) => (path[0] === 'pricePerCaratCents' ? ['price'] : path);
const schema = checkedByContract(fields, meleeBody, bodyOf, fieldOf);

function ParcelForm({ parcel, onDone }: { parcel?: AdminMelee; onDone: () => void }) {
  const { busy, run } = useAdminAction();
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: valuesOf(parcel),
  });
  const e = formState.errors;
  const save = handleSubmit((v) =>
    run(
      async () => {
        if (parcel)
          await adminApi('PUT /melee/:id', {
            params: { id: parcel.id },
            body: { version: parcel.version, parcel: bodyOf(v) },
          });
        else await adminApi('POST /melee', { body: bodyOf(v) });
        toast.success(parcel ? `${parcel.sku} saved.` : 'The parcel is on sale.');
        onDone();
      },
      (errs) => {
        for (const [field, message] of Object.entries(errs ?? {})) {
          const [name] = fieldOf([field]);
          if (typeof name === 'string' && name in fields.shape) setError(name as keyof Values, { message });
        }
      },
    ),
  );
  const input = (name: keyof Values, label: string, hint?: string) => (
    <Field label={label} error={e[name]} hint={hint}>
      {(a) => <input {...a} {...register(name)} className="field py-2" />}
    </Field>
  );
  return (
    <form
      method="post"
      noValidate
      onSubmit={(ev) => void save(ev)}
      className="space-y-3 border border-hairline bg-white p-4"
      aria-label={parcel ? `Edit ${parcel.sku}` : 'New parcel'}
    >
      <h2 className="text-sm font-semibold">{parcel ? `Edit ${parcel.sku}` : 'New parcel'}</h2>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Origin" error={e.origin}>
          {(a) => (
            <select {...a} {...register('origin')} className="field py-2">
              <option value="natural">Natural</option>
              <option value="lab">Lab-grown</option>
            </select>
          )}
        </Field>
        <Field label="Shape" error={e.shape}>
          {(a) => (
            <select {...a} {...register('shape')} className="field py-2">
              {MELEE_SHAPES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        {input('sizeMm', 'Size (mm)')}
        {input('sieve', 'Sieve', 'Like +11.0-11.5')}
        {input('caratPerStone', 'Carat a stone')}
        {input('quality', 'Quality', 'Like G-H VS')}
        {input('price', 'Price per carat (USD)')}
        {input('stock', 'Stones in stock')}
      </div>
      <div className="flex gap-3">
        <button type="submit" className="btn-primary py-2" disabled={busy}>
          {busy ? 'Saving…' : parcel ? 'Save changes' : 'Add the parcel'}
        </button>
        <button type="button" className="btn-secondary py-2" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export default function AdminMeleePage({ loaderData: parcels }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const current = typeof editing === 'number' ? parcels.find((p) => p.id === editing) : undefined;
  return (
    <>
      <AdminHeading title="Melee">
        <button type="button" className="btn-primary py-1.5 text-sm" onClick={() => setEditing('new')}>
          New parcel
        </button>
      </AdminHeading>
      <p className="-mt-2 mb-4 max-w-3xl text-sm text-muted">
        Small diamonds sold by the stone, by size and quality. Each checkout takes its stones from the stock here.
      </p>
      <ListAndEditor
        side="22rem"
        idle="Choose a parcel to change its price or stock, or add a new one."
        list={
          <>
            <ListTable
              caption="Melee parcels"
              columns={['SKU', 'Stone', 'Sieve', 'Quality', 'Per carat', 'Stock', '']}
              rows={parcels.length}
              empty="No melee parcels yet. Add one with New parcel: settings offer accent stones from the parcels here."
              minWidth={640}
            >
              {parcels.map((p) => (
                <tr key={p.id} className={`border-t border-hairline ${editing === p.id ? 'bg-primary/5' : ''}`}>
                  <td className="px-3 py-1.5 font-mono text-xs">{p.sku}</td>
                  <td className="px-3 py-1.5">
                    {p.sizeMm} mm {p.shape.toLowerCase()}, {p.origin === 'lab' ? 'lab-grown' : 'natural'}
                  </td>
                  <td className="px-3 py-1.5">{p.sieve}</td>
                  <td className="px-3 py-1.5">{p.quality}</td>
                  <td className="px-3 py-1.5 tabular-nums">{formatMoney(p.pricePerCaratCents, { exact: true })}</td>
                  <td className={`px-3 py-1.5 tabular-nums ${p.stock === 0 ? 'text-danger' : ''}`}>{p.stock}</td>
                  <td className="px-3 py-1 text-right">
                    <button type="button" className="px-2 py-1 text-primary underline" onClick={() => setEditing(p.id)}>
                      Edit<span className="sr-only"> {p.sku}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </ListTable>
          </>
        }
        editor={
          editing === null ? null : (
            <ParcelForm
              key={`${String(editing)}-${current?.version ?? 0}`}
              parcel={current}
              onDone={() => {
                setEditing(null);
                void revalidate();
              }}
            />
          )
        }
      />
    </>
  );
}
