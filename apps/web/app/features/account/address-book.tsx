import { useCallback, useEffect, useState } from 'react';
import { AlertDialog, Dialog } from 'radix-ui';
import { MapPin, Plus, X } from '~/components/icons.tsx';
import { toast } from '~/lib/toast.ts';
import type { Address, AddressInput } from '@facet/contracts/account';
import { AddressForm } from '~/features/account/address-form.tsx';
import { AddressLines } from '~/components/address-lines.tsx';
import { AccountNav } from '~/features/account/account-nav.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';

export function Addresses() {
  const [list, setList] = useState<Address[] | null>(null);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [removing, setRemoving] = useState<Address | null>(null);

  const load = useCallback(() => callApi<Address[]>('/address').then(setList).catch(reportApiError), []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (body: AddressInput) => {
    try {
      if (editing === 'new') await callApi<Address>('/address', { method: 'POST', body });
      else if (editing) await callApi<Address>(`/address/${editing.id}`, { method: 'PUT', body });
      toast.success(editing === 'new' ? 'Address saved.' : 'Address updated.');
      setEditing(null);
      await load();
      return true;
    } catch (err) {
      reportApiError(err);
      return false;
    }
  };
  const makeDefault = async (a: Address, kind: 'isDefaultShipping' | 'isDefaultBilling') => {
    try {
      const { id: _id, ...rest } = a;
      await callApi(`/address/${a.id}`, { method: 'PUT', body: { ...rest, [kind]: true } });
      toast.success(kind === 'isDefaultShipping' ? 'Default shipping address set.' : 'Default billing address set.');
      await load();
    } catch (err) {
      reportApiError(err);
    }
  };
  const remove = async (a: Address) => {
    try {
      await callApi(`/address/${a.id}`, { method: 'DELETE' });
      toast.success('Address removed.');
      await load();
    } catch (err) {
      reportApiError(err);
    }
    setRemoving(null);
  };

  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">Your account</p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-5xl">Addresses</h1>
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add address
        </button>
      </div>
      <div className="mt-10 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <AccountNav current="address" />
        <section aria-label="Saved addresses" aria-busy={list === null}>
          {list === null ? (
            <div className="grid gap-4 md:grid-cols-2">
              {[0, 1].map((i) => (
                <div key={i} className="h-48 animate-pulse bg-panel" />
              ))}
            </div>
          ) : list.length === 0 ? (
            <div className="border border-dashed border-hairline p-10 text-center">
              <MapPin aria-hidden="true" className="mx-auto h-8 w-8 text-muted" />
              <p className="mt-3 font-display text-2xl">No saved addresses yet</p>
              <p className="mt-1 text-sm text-muted">Save an address and checkout fills it in for you.</p>
              <button type="button" className="btn-primary mt-6" onClick={() => setEditing('new')}>
                Add your first address
              </button>
            </div>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((a) => (
                <li key={a.id} className="flex flex-col border border-hairline p-5" data-testid="address-card">
                  <div className="mb-3 flex flex-wrap gap-2">
                    {a.isDefaultShipping && (
                      <span className="bg-secondary px-2 py-0.5 text-xs font-medium">Default shipping</span>
                    )}
                    {a.isDefaultBilling && (
                      <span className="bg-secondary px-2 py-0.5 text-xs font-medium">Default billing</span>
                    )}
                  </div>
                  <AddressLines a={a} />
                  <div className="mt-auto flex flex-wrap gap-x-4 gap-y-2 border-t border-hairline pt-4 text-sm">
                    <button
                      type="button"
                      className="font-medium text-primary hover:underline"
                      onClick={() => setEditing(a)}
                      aria-label={`Edit address ${a.line1}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="text-danger hover:underline"
                      onClick={() => setRemoving(a)}
                      aria-label={`Delete address ${a.line1}`}
                    >
                      Delete
                    </button>
                    {!a.isDefaultShipping && (
                      <button
                        type="button"
                        className="hover:underline"
                        onClick={() => makeDefault(a, 'isDefaultShipping')}
                      >
                        Set as default shipping
                      </button>
                    )}
                    {!a.isDefaultBilling && (
                      <button
                        type="button"
                        className="hover:underline"
                        onClick={() => makeDefault(a, 'isDefaultBilling')}
                      >
                        Set as default billing
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <Dialog.Root
        open={editing !== null}
        onOpenChange={(o) => {
          if (!o) setEditing(null);
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 max-h-[92vh] overflow-y-auto bg-white p-6 shadow-2xl focus:outline-none sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[40rem] sm:-translate-x-1/2 sm:-translate-y-1/2">
            <div className="mb-5 flex items-center justify-between">
              <Dialog.Title className="font-display text-3xl">
                {editing === 'new' ? 'Add address' : 'Edit address'}
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="inline-flex h-11 w-11 items-center justify-center text-muted hover:text-ink"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">United States addresses only.</Dialog.Description>
            {editing !== null && (
              <AddressForm
                initial={editing === 'new' ? undefined : editing}
                onSubmit={save}
                onCancel={() => setEditing(null)}
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <AlertDialog.Root
        open={removing !== null}
        onOpenChange={(o) => {
          if (!o) setRemoving(null);
        }}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 bg-white p-6 shadow-2xl">
            <AlertDialog.Title className="font-display text-2xl">Delete this address?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-muted">
              {removing?.line1}, {removing?.city}. This cannot be undone.
            </AlertDialog.Description>
            <div className="mt-6 flex justify-end gap-3">
              <AlertDialog.Cancel className="btn-secondary">Keep it</AlertDialog.Cancel>
              <AlertDialog.Action
                className="btn-primary bg-danger hover:bg-danger"
                onClick={() => removing && remove(removing)}
              >
                Delete
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
