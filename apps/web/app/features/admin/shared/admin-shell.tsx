import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Menu, X } from '~/components/icons.tsx';
import { ROLE_LABELS, type StaffMe } from '@facet/contracts/admin';
import { adminApi } from '../shared/admin-api.ts';
import { BACK_OFFICE, navFor } from '../shared/nav.ts';

/** The back office frame: a quiet top bar, the pages this member may open, and the page. */
export function AdminShell({ me, children }: { me: StaffMe; children: React.ReactNode }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const items = navFor(me.permissions);
  const signOut = async () => {
    await adminApi('POST /auth/logout').catch(() => {});
    navigate('/admin/login');
  };
  const nav = (
    <ul className="space-y-0.5 text-sm">
      {items.map((i) => (
        <li key={i.href}>
          <NavLink
            to={i.href}
            end={i.href === '/admin'}
            onClick={() => setOpen(false)}
            className={({ isActive }) =>
              `block rounded-sm px-3 py-2 ${isActive ? 'bg-secondary font-medium text-ink' : 'text-muted hover:bg-panel hover:text-ink'}`
            }
          >
            {i.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  return (
    <div className="min-h-screen bg-panel text-ink [&_h2]:font-sans [&_h2]:tracking-normal [&_h3]:font-sans [&_h3]:tracking-normal">
      {/* Past the header and the menu's 22 links, straight to the page's work. */}
      <a
        href="#main"
        className="sr-only z-50 bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-hairline bg-white">
        <div className="flex h-14 items-center justify-between gap-4 px-4">
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="rounded-sm p-2 lg:hidden"
              aria-label={open ? 'Close menu' : 'Open menu'}
              aria-expanded={open}
              aria-controls="admin-nav"
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
            </button>
            <Link to="/admin" className="font-display text-xl tracking-[0.12em]">
              FACET
            </Link>
            <span className="hidden text-sm text-muted sm:inline">{BACK_OFFICE}</span>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="hidden text-muted md:inline" data-testid="staff-member">
              {me.email} · {ROLE_LABELS[me.role]}
            </span>
            <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={signOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <div className="lg:grid lg:grid-cols-[13rem_1fr]">
        <nav
          id="admin-nav"
          aria-label="Back office"
          className={`${open ? 'block' : 'hidden'} border-b border-hairline bg-white p-3 lg:block lg:min-h-[calc(100vh-3.5rem)] lg:border-b-0 lg:border-r`}
        >
          {nav}
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 p-4 focus:outline-none lg:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A page heading with an optional line of actions at the right. */
export function AdminHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      {/* Focusable by script: where the focus goes when what held it is gone after a save. */}
      <h1 tabIndex={-1} className="font-sans text-xl font-semibold tracking-normal focus:outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}
