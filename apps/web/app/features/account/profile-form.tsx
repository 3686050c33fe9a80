import { EmailPreferences } from './email-preferences.tsx';
import { CustomerRecordSection } from './customer-record.tsx';
import { RESEND_COUNTDOWN_S } from '@facet/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Camera } from '~/components/icons.tsx';
import { toast } from '~/lib/toast.ts';
import {
  AVATAR_MAX_BYTES,
  emailField,
  firstNameField,
  lastNameField,
  profileFields,
  type User,
} from '@facet/contracts/account';
import { MSG } from '@facet/contracts/messages';
import { useForm } from '~/components/form/use-form.ts';
import { TextField } from '~/components/form/text-field.tsx';
import { CodeForm } from '~/features/account/account-panel.tsx';
import { setAccount } from '~/lib/account-store.ts';
import { AccountNav } from '~/features/account/account-nav.tsx';
import { ServiceRequests } from '~/features/account/service-requests.tsx';
import { SavedSearches } from '~/features/account/saved-searches.tsx';
import { callApi, reportApiError } from '~/lib/client-api.ts';
import { useSubmit } from '~/components/form/use-submit.ts';
import { clearUser, getToken, storeUser } from '~/lib/session.ts';

const schemas = {
  firstName: firstNameField,
  lastName: lastNameField,
  phone: profileFields.shape.phone,
  email: emailField,
};

/** Keeps the stored session user and the header in step. */
function remember(user: User) {
  storeUser(user, user.token);
  setAccount({ loggedUser: user });
}

export function Profile({ initial }: { initial: User }) {
  const [user, setUser] = useState(initial);
  const form = useForm(schemas, {
    firstName: initial.firstName,
    lastName: initial.lastName ?? '',
    phone: initial.phone ?? '',
    email: initial.email ?? '',
  });
  const { busy, onSubmit } = useSubmit();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    callApi<User>('/user')
      .then((u) => {
        setUser(u);
        remember(u);
      })
      .catch(reportApiError);
  }, []);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(jpeg|png|webp)$/.test(file.type)) {
      toast.error('Please choose a JPEG, PNG or WebP image.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error('The image is larger than 2 MB.');
      return;
    }
    setAvatar(file);
    setPreview(URL.createObjectURL(file));
  };

  const save = onSubmit(form, async () => {
    // PUT /user is multipart, each profile field appended.
    const fd = new FormData();
    for (const [k, v] of Object.entries(form.values)) fd.append(k, v);
    if (avatar) fd.append('avatar', avatar);
    const updated = await callApi<User>('/user', { method: 'PUT', body: fd });
    setUser(updated);
    remember(updated);
    setAvatar(null);
    toast.success(
      updated.pendingEmail && updated.pendingEmail !== user.pendingEmail
        ? `Profile saved. Enter the code we sent to ${updated.pendingEmail} to change your e-mail.`
        : 'Profile saved.',
    );
  });

  const sendReset = async () => {
    try {
      await callApi('/user/forget-password', { method: 'POST', body: { email: user.email }, token: null });
      toast.success(MSG.resetMailSent);
    } catch (err) {
      reportApiError(err);
    }
  };

  const logoutEverywhere = async () => {
    if (!window.confirm('Log out of every device, this one included?')) return;
    try {
      await callApi('/user/logout-all', { method: 'POST' });
      clearUser();
      window.location.assign('/');
    } catch (err) {
      reportApiError(err);
    }
  };

  const image = preview ?? user.avatarUrl;
  return (
    <div className="mx-auto max-w-site px-4 pb-24 pt-10 lg:px-8">
      <p className="eyebrow text-primary">Your account</p>
      <h1 className="mt-2 font-display text-5xl">Hello, {user.firstName}</h1>
      <div className="mt-10 grid gap-12 lg:grid-cols-[16rem_1fr]">
        <AccountNav current="profile" />
        <div className="max-w-2xl space-y-12">
          <form
            method="post"
            noValidate
            onSubmit={save}
            onReset={form.reset}
            aria-label="Profile"
            className="space-y-5"
          >
            <div className="flex items-center gap-5">
              <div className="h-24 w-24 overflow-hidden rounded-full border border-hairline bg-panel">
                {image ? (
                  <img src={image} alt="Your profile picture" className="h-full w-full object-cover" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-full w-full items-center justify-center font-display text-4xl text-muted"
                  >
                    {user.firstName.slice(0, 1)}
                  </span>
                )}
              </div>
              <div>
                <input
                  ref={fileInput}
                  id="avatar"
                  name="avatar"
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  className="sr-only"
                  onChange={(e) => pick(e.target.files?.[0])}
                />
                <label htmlFor="avatar" className="btn-secondary cursor-pointer">
                  <Camera aria-hidden="true" className="h-4 w-4" />
                  {image ? 'Change photo' : 'Add photo'}
                </label>
                <p className="mt-2 text-xs text-muted">JPEG, PNG or WebP, up to 2 MB.</p>
              </div>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
              <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
              <TextField
                form={form}
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
                hint={user.emailVerified ? 'Verified' : undefined}
              />
              <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
            </div>
            <div className="flex gap-3">
              <button type="submit" className="btn-primary" disabled={!form.isValid || busy}>
                {busy ? 'Saving…' : 'Save changes'}
              </button>
              <button type="reset" className="btn-secondary">
                Reset
              </button>
            </div>
          </form>

          {user.pendingEmail && (
            <section aria-labelledby="email-change" className="border border-hairline p-6">
              <h2 id="email-change" className="font-display text-2xl">
                Confirm your new e-mail
              </h2>
              <p className="mt-2 text-sm text-muted">
                Enter the code we sent to <strong className="text-ink">{user.pendingEmail}</strong>. Until then you sign
                in with {user.email}.
              </p>
              <div className="mt-5 max-w-sm">
                <CodeForm
                  token={getToken()}
                  submitLabel="Confirm e-mail"
                  initialCountdown={RESEND_COUNTDOWN_S}
                  onVerified={(u) => {
                    setUser(u);
                    remember(u);
                    form.set('email', u.email);
                    toast.success(`Your e-mail is now ${u.email}.`);
                  }}
                />
              </div>
            </section>
          )}

          <section aria-labelledby="security" className="border-t border-hairline pt-8">
            <h2 id="security" className="font-display text-2xl">
              Password
            </h2>
            <p className="mt-2 text-sm text-muted">
              We will e-mail you a link to choose a new password. Saving it signs out every device.
            </p>
            <button type="button" className="btn-secondary mt-4" onClick={sendReset}>
              Send me a reset link
            </button>
          </section>

          <CustomerRecordSection />

          <EmailPreferences />

          <SavedSearches />

          <ServiceRequests />

          <section aria-labelledby="devices" className="border-t border-hairline pt-8">
            <h2 id="devices" className="font-display text-2xl">
              Signed-in devices
            </h2>
            <p className="mt-2 text-sm text-muted">
              Signed in on a shared or lost device? Sign out everywhere, this browser included.
            </p>
            <button type="button" className="btn-secondary mt-4" onClick={logoutEverywhere}>
              Log out of all devices
            </button>
          </section>
        </div>
      </div>
    </div>
  );
}
