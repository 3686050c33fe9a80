import { expect } from '@playwright/test';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}
const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 3997}/messages`;

/** Waits for the newest mail to `to` whose subject matches, as received by the real SMTP server. */
export async function mailTo(to: string, subject: RegExp, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(MAIL_URL)).json()) as Mail[];
        found = all.filter((m) => m.to.includes(to) && subject.test(m.subject)).slice(after)[0];
        return !!found;
      },
      { timeout: 15_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}
export const codeOf = (m: Mail) => /\b(\d{6})\b/.exec(m.subject)![1]!;
export const resetLinkOf = (m: Mail) => /(https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+)/.exec(m.text)![1]!;
