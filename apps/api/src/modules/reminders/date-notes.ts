import { DATE_KIND_LABELS, dateText, type DateKind } from '@facet/contracts/customer-record';
import { addDays } from '@facet/contracts/payment-plans';
import { storeInfo } from '../../store-facts.ts';
import { storeToday } from '../gift-cards/index.ts';
import { enqueueMail, layout, opening, unsubscribeLinks } from '../mail/index.ts';
import { remindersRepository as repo } from './repository.ts';
import type { ReminderDeps } from './service.ts';

// A note a few days before a customer's anniversary or birthday, in the owner's words (E-mails →
// "A note before a date"), to customers who agreed to e-mails and never to an unsubscribed address;
// once per date a year, whichever instance writes it.

/** A day missed (the store was down) is still written about for this many days after. */
const CATCH_UP_DAYS = 3;

const occasion = (kind: DateKind, partnerName: string) =>
  kind === 'partner-birthday'
    ? partnerName
      ? `${partnerName}’s birthday`
      : 'Your partner’s birthday'
    : `Your ${DATE_KIND_LABELS[kind].toLowerCase()}`;

/** The days whose dates are written about today: `daysBefore` ahead, and a few before that not yet written. */
export function daysAhead(today: string, daysBefore: number) {
  return Array.from({ length: CATCH_UP_DAYS + 1 }, (_, i) => {
    const on = addDays(today, daysBefore - i);
    const [year, month, day] = on.split('-').map(Number) as [number, number, number];
    return { on, year, month, day };
  }).flatMap((d) =>
    // February 29 is kept on February 28 in the other years.
    d.month === 2 && d.day === 28 && !isLeap(d.year) ? [d, { ...d, day: 29 }] : [d],
  );
}
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** One pass: the notes due today written (each claimed by its own row). Answers how many. */
export async function sendDateNotes(deps: ReminderDeps, now = new Date()): Promise<number> {
  const settings = deps.settings.current();
  if (!settings.dateNotes.on) return 0;
  const store = storeInfo(settings, deps.config);
  const days = daysAhead(storeToday(deps.config.STORE_TIMEZONE, now), settings.dateNotes.daysBefore);
  let sent = 0;
  for (const d of await repo.datesOn(deps.db, days)) {
    const on = days.find((x) => x.year === d.year && x.month === d.month && x.day === d.day)!.on;
    const links = await unsubscribeLinks(deps.db, store.publicUrl, d.email);
    const { subject, intro } = opening(store, 'date-note', {
      firstName: d.firstName,
      occasion: occasion(d.kind, d.partnerName),
      date: dateText({ month: Number(on.slice(5, 7)), day: Number(on.slice(8, 10)) }),
      partnerName: d.partnerName,
    });
    const mail = layout(store, subject, {
      intro,
      paragraphs: [],
      action: { label: `Visit ${store.name}`, url: `${store.publicUrl}/` },
      unsubscribeUrl: links.url,
    });
    const wrote = await deps.db.transaction(async (tx) => {
      if (
        !(await repo.claimDateNote(tx, { userId: d.userId, kind: d.kind, year: d.year, occursOn: on, email: d.email }))
      )
        return false;
      await enqueueMail(tx, { kind: 'date-note', to: d.email, ...mail, unsubscribe: links });
      return true;
    });
    if (wrote) sent++;
  }
  if (sent) void deps.outbox.kick();
  return sent;
}
