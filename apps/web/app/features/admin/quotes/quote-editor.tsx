import type { FieldError } from 'react-hook-form';
import { US_STATES } from '@facet/contracts/account';
import { centsOf, decimalPrice } from '@facet/contracts/money';
import { QUOTE_MAX_DAYS, QUOTE_MAX_LINES, type QuoteLine, type QuoteLineInput } from '@facet/contracts/quotes';
import { Field } from '~/features/admin/shared/field.tsx';

/** A line as the editor holds it (a price as typed, in dollars). */
export type EditorLine =
  | { kind: 'piece'; sku: string; quantity: number }
  | { kind: 'ring'; sku: string }
  | { kind: 'stone'; ref: string }
  | { kind: 'custom'; title: string; description: string; price: string; quantity: number };

export interface EditorValues {
  lines: EditorLine[];
  depositKind: 'percent' | 'amount';
  percent: string;
  amount: string;
  expiresOn: string;
  message: string;
}

const KIND_LABELS: Record<EditorLine['kind'], string> = {
  piece: 'A piece, by SKU',
  ring: 'A ring as configured, by its SKU',
  stone: 'A stone, by stock or certificate number',
  custom: 'A line of our own (design fee, CAD, labour, a stone to source)',
};

/** A saved version's lines, back as editor lines (catalogue lines by their number: priced again on save). */
export const editorLinesOf = (lines: QuoteLine[]): EditorLine[] =>
  lines.map((l) =>
    l.kind === 'piece'
      ? { kind: 'piece', sku: l.ref ?? '', quantity: l.quantity }
      : l.kind === 'ring'
        ? { kind: 'ring', sku: l.ref ?? '' }
        : l.kind === 'stone'
          ? { kind: 'stone', ref: l.ref ?? '' }
          : {
              kind: 'custom',
              title: l.title,
              description: l.details.join(' · '),
              price: decimalPrice(l.unitPriceCents),
              quantity: l.quantity,
            },
  );

/** What the API takes from the editor's values (the server prices everything and checks every field). */
export function versionBody(v: EditorValues) {
  return {
    lines: v.lines.map((l): QuoteLineInput =>
      l.kind === 'custom'
        ? {
            kind: 'custom',
            title: l.title,
            description: l.description,
            priceCents: centsOf(Number(l.price.replace(/[$,\s]/g, '')) || 0),
            quantity: l.quantity,
          }
        : l,
    ),
    deposit:
      v.depositKind === 'percent'
        ? { kind: 'percent' as const, percent: Number(v.percent) }
        : { kind: 'amount' as const, cents: centsOf(Number(v.amount.replace(/[$,\s]/g, '')) || 0) },
    expiresOn: v.expiresOn,
    message: v.message,
  };
}

export const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);

type Errors = Record<string, string>;
const err = (e: Errors, k: string): FieldError | undefined => (e[k] ? { type: 'server', message: e[k] } : undefined);

/** The lines, deposit, last day and message of a version: a new quote's or the next version's. */
export function VersionFields({
  values,
  onChange,
  errors,
}: {
  values: EditorValues;
  onChange: (v: EditorValues) => void;
  errors: Errors;
}) {
  const set = (patch: Partial<EditorValues>) => onChange({ ...values, ...patch });
  const setLine = (i: number, l: EditorLine) => set({ lines: values.lines.map((x, j) => (j === i ? l : x)) });
  const blank = (kind: EditorLine['kind']): EditorLine =>
    kind === 'piece'
      ? { kind, sku: '', quantity: 1 }
      : kind === 'ring'
        ? { kind, sku: '' }
        : kind === 'stone'
          ? { kind, ref: '' }
          : { kind, title: '', description: '', price: '', quantity: 1 };
  return (
    <>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold">Lines</legend>
        {errors.lines && <p className="text-sm text-danger">{errors.lines}</p>}
        {values.lines.map((l, i) => (
          <div
            key={i}
            className="grid gap-3 border border-hairline p-3 sm:grid-cols-[14rem_1fr_auto]"
            data-testid="quote-line"
          >
            <Field label={`Line ${i + 1}`}>
              {(a) => (
                <select
                  {...a}
                  className="field py-2"
                  value={l.kind}
                  onChange={(e) => setLine(i, blank(e.target.value as EditorLine['kind']))}
                >
                  {(Object.keys(KIND_LABELS) as Array<EditorLine['kind']>).map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {l.kind === 'piece' ? (
              <div className="grid grid-cols-[1fr_6rem] gap-3">
                <Field label="SKU" error={err(errors, `lines.${i}.sku`)}>
                  {(a) => (
                    <input
                      {...a}
                      className="field py-2 uppercase"
                      value={l.sku}
                      onChange={(e) => setLine(i, { ...l, sku: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Quantity">
                  {(a) => (
                    <input
                      {...a}
                      type="number"
                      min={1}
                      max={10}
                      className="field py-2"
                      value={l.quantity}
                      onChange={(e) => setLine(i, { ...l, quantity: Number(e.target.value) || 1 })}
                    />
                  )}
                </Field>
              </div>
            ) : l.kind === 'ring' ? (
              <Field
                label="Configured SKU"
                error={err(errors, `lines.${i}.sku`)}
                hint="As the configurator and the cart show it, e.g. SERIES:14KW:S6.5:L1D1234. Its stones are held with the quote."
              >
                {(a) => (
                  <input
                    {...a}
                    className="field py-2 uppercase"
                    value={l.sku}
                    onChange={(e) => setLine(i, { ...l, sku: e.target.value })}
                  />
                )}
              </Field>
            ) : l.kind === 'stone' ? (
              <Field
                label="Stock or certificate number"
                error={err(errors, `lines.${i}.ref`)}
                hint="Held for the customer from the moment the quote is sent until its last day."
              >
                {(a) => (
                  <input
                    {...a}
                    className="field py-2 uppercase"
                    value={l.ref}
                    onChange={(e) => setLine(i, { ...l, ref: e.target.value })}
                  />
                )}
              </Field>
            ) : (
              <div className="grid gap-3 sm:grid-cols-[1fr_8rem_6rem]">
                <Field label="What it is" error={err(errors, `lines.${i}.title`)}>
                  {(a) => (
                    <input
                      {...a}
                      className="field py-2"
                      value={l.title}
                      onChange={(e) => setLine(i, { ...l, title: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Price ($)" error={err(errors, `lines.${i}.priceCents`)}>
                  {(a) => (
                    <input
                      {...a}
                      inputMode="decimal"
                      className="field py-2"
                      value={l.price}
                      onChange={(e) => setLine(i, { ...l, price: e.target.value })}
                    />
                  )}
                </Field>
                <Field label="Quantity">
                  {(a) => (
                    <input
                      {...a}
                      type="number"
                      min={1}
                      max={10}
                      className="field py-2"
                      value={l.quantity}
                      onChange={(e) => setLine(i, { ...l, quantity: Number(e.target.value) || 1 })}
                    />
                  )}
                </Field>
                <div className="sm:col-span-3">
                  <Field label="Details the customer reads (optional)" error={err(errors, `lines.${i}.description`)}>
                    {(a) => (
                      <input
                        {...a}
                        className="field py-2"
                        value={l.description}
                        onChange={(e) => setLine(i, { ...l, description: e.target.value })}
                      />
                    )}
                  </Field>
                </div>
              </div>
            )}
            <div className="flex items-end">
              <button
                type="button"
                className="btn-secondary px-3 py-2 text-sm"
                disabled={values.lines.length === 1}
                onClick={() => set({ lines: values.lines.filter((_, j) => j !== i) })}
              >
                Remove<span className="sr-only"> line {i + 1}</span>
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="btn-secondary px-4 py-2 text-sm"
          disabled={values.lines.length >= QUOTE_MAX_LINES}
          onClick={() => set({ lines: [...values.lines, blank('custom')] })}
        >
          Add a line
        </button>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold">Deposit and last day</legend>
        <Field label="Deposit as">
          {(a) => (
            <select
              {...a}
              className="field py-2"
              value={values.depositKind}
              onChange={(e) => set({ depositKind: e.target.value as EditorValues['depositKind'] })}
            >
              <option value="percent">A percentage of the total</option>
              <option value="amount">An amount</option>
            </select>
          )}
        </Field>
        {values.depositKind === 'percent' ? (
          <Field label="Deposit (%)" error={err(errors, 'deposit.percent')}>
            {(a) => (
              <input
                {...a}
                type="number"
                min={1}
                max={100}
                className="field py-2"
                value={values.percent}
                onChange={(e) => set({ percent: e.target.value })}
              />
            )}
          </Field>
        ) : (
          <Field label="Deposit ($)" error={err(errors, 'deposit.cents') ?? err(errors, 'deposit')}>
            {(a) => (
              <input
                {...a}
                inputMode="decimal"
                className="field py-2"
                value={values.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            )}
          </Field>
        )}
        <Field
          label="Open until (last day)"
          error={err(errors, 'expiresOn')}
          hint={`At most ${QUOTE_MAX_DAYS} days; its stones are held as long.`}
        >
          {(a) => (
            <input
              {...a}
              type="date"
              min={inDays(0)}
              max={inDays(QUOTE_MAX_DAYS)}
              className="field py-2"
              value={values.expiresOn}
              onChange={(e) => set({ expiresOn: e.target.value })}
            />
          )}
        </Field>
      </fieldset>
      <Field
        label="To the customer"
        error={err(errors, 'message')}
        hint="What this quote is — and, for a new version, what changed and why."
      >
        {(a) => (
          <textarea
            {...a}
            rows={3}
            className="field py-2"
            value={values.message}
            onChange={(e) => set({ message: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}

export interface CustomerValues {
  email: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

/** Who the quote is for, and where the piece goes (its sales tax is worked out for that address). */
export function CustomerFields({
  values,
  onChange,
  errors,
}: {
  values: CustomerValues;
  onChange: (v: CustomerValues) => void;
  errors: Errors;
}) {
  const input = (
    k: keyof CustomerValues,
    label: string,
    errKey: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <Field label={label} error={err(errors, errKey)}>
      {(a) => (
        <input
          {...a}
          {...extra}
          className="field py-2"
          value={values[k]}
          onChange={(e) => onChange({ ...values, [k]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Customer</legend>
      {input('email', 'E-mail', 'email', { type: 'email', autoComplete: 'off' })}
      {input('name', 'Name', 'address.name', { autoComplete: 'off' })}
      {input('line1', 'Street address', 'address.line1')}
      {input('line2', 'Apartment, suite (optional)', 'address.line2')}
      {input('city', 'City', 'address.city')}
      <div className="grid grid-cols-2 gap-3">
        <Field label="State" error={err(errors, 'address.state')}>
          {(a) => (
            <select
              {...a}
              className="field py-2"
              value={values.state}
              onChange={(e) => onChange({ ...values, state: e.target.value })}
            >
              <option value="">Choose…</option>
              {Object.entries(US_STATES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input('zip', 'ZIP code', 'address.zip', { inputMode: 'numeric' })}
      </div>
      {input('phone', 'Phone', 'address.phone', { type: 'tel' })}
    </fieldset>
  );
}
