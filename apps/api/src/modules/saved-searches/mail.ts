import { formatMoney } from '@facet/contracts/money';
import { esc, layout, INK, MUTED, ACCENT, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

/** One saved search's news in a digest. */
export interface DigestSection {
  label: string;
  stones: Array<{ name: string; detail: string; url: string; priceCents: number; wasCents: number | null }>;
  /** Further matches not listed. */
  more: number;
  searchUrl: string;
  unsubscribeUrl: string;
}

export const alertMails = {
  searchConfirm: (store: StoreInfo, label: string, url: string): Rendered =>
    layout(store, `Confirm your diamond alert from ${store.name}`, {
      paragraphs: [
        `You asked us to write when a new diamond matches this search: ${label}.`,
        'Please confirm it is you. We send at most one e-mail a day, and each has a link to stop.',
      ],
      action: { label: 'Confirm the alert', url },
      after: ['If you did not ask for this, ignore this message and you will hear nothing more from us.'],
    }),
  searchDigest: (
    store: StoreInfo,
    firstName: string | null,
    sections: DigestSection[],
    manageUrl: string | null,
  ): Rendered => {
    const count = sections.reduce((n, s) => n + s.stones.length + s.more, 0);
    const drops = sections.every((s) => s.stones.every((x) => x.wasCents !== null));
    const subject = drops
      ? `Price cut on ${count === 1 ? 'a diamond' : `${count} diamonds`} you are watching`
      : `${count} ${count === 1 ? 'diamond matches' : 'diamonds match'} your saved search`;
    const price = (s: DigestSection['stones'][number]) =>
      s.wasCents === null ? formatMoney(s.priceCents) : `${formatMoney(s.priceCents)} (was ${formatMoney(s.wasCents)})`;
    const htmlBlock = sections
      .map(
        (
          s,
        ) => `<h2 style="margin:24px 0 8px;font-family:Georgia,serif;font-size:18px;font-weight:normal;color:${INK}">${esc(s.label)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e7e1d8">
${s.stones
  .map(
    (
      x,
    ) => `<tr><td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;line-height:1.5"><a href="${esc(x.url)}" style="color:${ACCENT}">${esc(x.name)}</a><br><span style="font-size:12px;color:${MUTED}">${esc(x.detail)}</span></td>
<td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;text-align:right;white-space:nowrap;color:${INK}">${esc(price(x))}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:8px 0 0;font-size:13px"><a href="${esc(s.searchUrl)}" style="color:${ACCENT}">${s.more ? `See ${s.more} more matching stones` : 'See every match'}</a> · <a href="${esc(s.unsubscribeUrl)}" style="color:${MUTED}">Stop alerts for this search</a></p>`,
      )
      .join('\n');
    const textBlock = sections
      .map((s) =>
        [
          s.label,
          ...s.stones.map((x) => `- ${x.name}, ${price(x)}: ${x.url}`),
          `${s.more ? `See ${s.more} more` : 'See every match'}: ${s.searchUrl}`,
          `Stop alerts for this search: ${s.unsubscribeUrl}`,
        ].join('\n'),
      )
      .join('\n\n');
    return layout(store, subject, {
      greeting: firstName ? `Dear ${firstName},` : undefined,
      paragraphs: [
        'Here is what is new since we last wrote. Each stone is one of a kind: prices and availability are as of this e-mail.',
      ],
      htmlBlock,
      textBlock,
      after: manageUrl ? [`Change or pause your alerts on your profile: ${manageUrl}`] : [],
    });
  },
};
