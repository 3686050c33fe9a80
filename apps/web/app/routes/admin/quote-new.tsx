import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { adminApi } from '~/features/admin/shared/admin-api.ts';
import { AdminHeading } from '~/features/admin/shared/admin-shell.tsx';
import { AdminRouteError } from '~/features/admin/shared/route-error.tsx';
import { useAdminAction } from '~/features/admin/shared/use-admin-action.ts';
import {
  CustomerFields,
  inDays,
  VersionFields,
  versionBody,
  type CustomerValues,
  type EditorValues,
} from '~/features/admin/quotes/quote-editor.tsx';
import { toast } from '~/lib/toast.ts';

export const ErrorBoundary = AdminRouteError;

/** A quote for one customer: saved as a draft (it holds nothing and tells nobody until it is sent). */
export default function NewQuote() {
  const navigate = useNavigate();
  const { busy, run } = useAdminAction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [customer, setCustomer] = useState<CustomerValues>({
    email: '',
    name: '',
    line1: '',
    line2: '',
    city: '',
    state: '',
    zip: '',
    phone: '',
  });
  const [version, setVersion] = useState<EditorValues>({
    lines: [
      { kind: 'stone', ref: '' },
      { kind: 'custom', title: 'Design fee', description: '', price: '', quantity: 1 },
    ],
    depositKind: 'percent',
    percent: '30',
    amount: '',
    expiresOn: inDays(14),
    message: '',
  });
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    const { email, ...address } = customer;
    void run(
      async () => {
        const q = await adminApi('POST /quotes', {
          body: { email, address: { ...address, country: 'US' } as never, ...versionBody(version) },
        });
        toast.success(`Quote ${q.number} saved as a draft.`);
        navigate(`/admin/quotes/${q.number}`);
      },
      (e) => setErrors(e ?? {}),
    );
  };
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/quotes" className="text-primary underline">
          ← Quotes
        </Link>
      </p>
      <AdminHeading title="New quote" />
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="space-y-6 border border-hairline bg-white p-4"
        aria-label="New quote"
      >
        <CustomerFields values={customer} onChange={setCustomer} errors={errors} />
        <VersionFields values={version} onChange={setVersion} errors={errors} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary px-6 py-2" disabled={busy}>
            {busy ? 'Saving…' : 'Save as a draft'}
          </button>
          <p className="text-sm text-muted">Nothing is held or sent until you send it from the next page.</p>
        </div>
      </form>
    </>
  );
}
