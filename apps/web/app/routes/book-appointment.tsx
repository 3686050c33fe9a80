import { useSearchParams } from 'react-router';
import { Gem, Video } from '~/components/icons.tsx';
import type { Route } from './+types/book-appointment';
import { pageMeta } from '~/lib/page-meta.ts';
import { useRootData } from '~/root.tsx';
import { BookingForm, type ItemOfInterest } from '~/features/appointments/booking-form.tsx';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Book an appointment',
    description:
      'See rings, diamonds and gemstones with a Facet jeweller, in our showroom or by video call. Choose a time that suits you.',
  });

/** ?item=diamond:123&title=… from a piece's page: the jeweller prepares it. */
function itemOf(params: URLSearchParams): ItemOfInterest | null {
  const m = /^(product|diamond|gemstone):(\d{1,10})$/.exec(params.get('item') ?? '');
  if (!m) return null;
  return {
    kind: m[1] as ItemOfInterest['kind'],
    id: Number(m[2]),
    title: params.get('title')?.slice(0, 200) ?? null,
  };
}

export default function Page() {
  const [params] = useSearchParams();
  const store = useRootData()?.store;
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">See it in person</p>
      <h1 className="mt-2 font-display text-5xl">Book an appointment</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Time with one of our jewellers, with no obligation: compare diamonds side by side, try settings on, talk through
        a custom design.
      </p>
      <div className="mt-10 grid gap-12 lg:grid-cols-[1fr_20rem]">
        <section aria-label="Your appointment" className="min-w-0">
          <BookingForm item={itemOf(params)} />
        </section>
        <aside className="space-y-6 text-sm">
          <div className="flex gap-3">
            <Gem aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" strokeWidth={1.5} />
            <div>
              <p className="font-medium">In our showroom</p>
              <p className="text-muted">{store?.address}</p>
            </div>
          </div>
          <div className="flex gap-3">
            <Video aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-primary" strokeWidth={1.5} />
            <div>
              <p className="font-medium">By video call</p>
              <p className="text-muted">
                We show the stones under daylight lamps and a loupe camera, and e-mail the link.
              </p>
            </div>
          </div>
          <p className="border-t border-hairline pt-6 text-muted">
            A jeweller confirms every request by e-mail, usually within a business day. To change a time, reply to that
            e-mail or call {store?.phone}.
          </p>
        </aside>
      </div>
    </div>
  );
}
