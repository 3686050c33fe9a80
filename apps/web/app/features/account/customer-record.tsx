import { useEffect, useState } from 'react';
import type { CustomerRecord } from '@facet/contracts/customer-record';
import { CustomerRecordEditor } from '~/components/customer-record-editor.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';

/** The shopper's sizes and dates: the size is offered first when choosing a ring. */
export function CustomerRecordSection() {
  const [record, setRecord] = useState<CustomerRecord | null>(null);
  useEffect(() => {
    callApi<CustomerRecord>('/user/record').then(setRecord).catch(reportApiError);
  }, []);
  return (
    <section aria-labelledby="sizes-dates" className="border-t border-hairline pt-8">
      <h2 id="sizes-dates" className="font-display text-2xl">
        Sizes and dates
      </h2>
      <p className="mt-2 text-sm text-muted">
        Your ring size is chosen for you when you design a ring. With e-mails on, we write a note a little before the
        dates you keep here.
      </p>
      <div className="mt-4">
        {record ? (
          <CustomerRecordEditor
            initial={record}
            onSave={(r) => callApi<CustomerRecord>('/user/record', { method: 'PUT', body: r })}
          />
        ) : (
          <p className="text-sm text-muted" aria-busy="true">
            Loading…
          </p>
        )}
      </div>
    </section>
  );
}
