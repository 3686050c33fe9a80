import { shownCode } from '@facet/contracts/constants';
import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout (mail/ keeps the layout, the outbox and the transport).

export const accountMails = {
  verifyCode: (store: StoreInfo, firstName: string, code: string, forNewAddress = false): Rendered =>
    layout(store, `${shownCode(code)} is your ${store.name} verification code`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        forNewAddress
          ? 'Enter this code in your profile to confirm your new e-mail address. It is valid for 10 minutes.'
          : 'Enter this code to verify your e-mail address and finish creating your account. It is valid for 10 minutes.',
      ],
      code: shownCode(code),
      after: ['If you did not ask for this, you can ignore this message: nothing changes without the code.'],
    }),
  resetLink: (store: StoreInfo, firstName: string, url: string): Rendered =>
    layout(store, `Reset your ${store.name} password`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'We received a request to reset the password of your account. The link below works once and expires in 30 minutes.',
      ],
      action: { label: 'Choose a new password', url },
      after: ['If you did not ask for a reset, ignore this message; your password stays as it is.'],
    }),
  registrationAttempt: (store: StoreInfo, firstName: string): Rendered =>
    layout(store, `Someone tried to register with your ${store.name} address`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Someone just tried to create a new account with this e-mail address, which already has an account with us. Nothing was changed.',
        'If it was you, simply log in. If you have forgotten your password, choose "Forgot Password?" in the login panel and we will send you a link to set a new one.',
      ],
      action: { label: `Go to ${store.name}`, url: store.publicUrl },
      after: ['If it was not you, you can ignore this message: your account and password stay as they are.'],
    }),
  passwordChanged: (store: StoreInfo, firstName: string): Rendered =>
    layout(store, `Your ${store.name} password was changed`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'The password of your account was just changed, and every device that was signed in has been signed out.',
        `If this was not you, reply to this message or call us at ${store.phone} right away.`,
      ],
    }),
};
