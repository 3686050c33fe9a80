import { useState } from 'react';
import { toast } from 'sonner';

/** Footer sign-up (spec §1). The double opt-in API arrives with the accounts feature. */
export function NewsletterBox() {
  const [email, setEmail] = useState('');
  return (
    <form
      className="mt-4 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        toast('Newsletter sign-up opens soon. Thank you for your interest.');
        setEmail('');
      }}
    >
      <label htmlFor="newsletter-email" className="sr-only">Email address</label>
      <input id="newsletter-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="Your email address" autoComplete="email" className="field flex-1" />
      <button type="submit" className="btn-primary px-4">Sign up</button>
    </form>
  );
}
