import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { logOut } from '../auth/actions';
import { isAdmin } from '../auth/session';
import { useSessionUser } from '../auth/use-session';
import { buttonClass } from '../ui/Button';
import { useSiteContent } from './content';

const links = [
  { to: '/', label: 'Home' },
  { to: '/schedule', label: 'Schedule Consultation' },
  { to: '/products', label: 'Products' },
  { to: '/about', label: 'About Us' },
] as const;

const linkClass =
  'rounded px-2 py-1 text-sm font-medium text-slate-800 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-700';

export function NavBar() {
  const content = useSiteContent();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = () => logOut(queryClient, () => navigate({ to: '/login' }));

  const account = user ? (
    <>
      <span
        className="rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-900"
        data-testid="user-badge"
      >
        {user.firstName} {user.lastName}
      </span>
      {isAdmin(user) && (
        <Link to="/admin" className={buttonClass('outline')}>
          Admin Dashboard
        </Link>
      )}
      <button type="button" onClick={signOut} className={buttonClass('ghost')}>
        Sign Out
      </button>
    </>
  ) : (
    <Link to="/login" className={buttonClass('primary')}>
      Sign In
    </Link>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          {content.logo && <img src={content.logo} alt="" className="h-8 w-auto" />}
          {content.companyTitle}
        </Link>
        <ul className="hidden items-center gap-4 md:flex">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass} activeProps={{ 'aria-current': 'page' }}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">{account}</div>
        <button
          type="button"
          className="rounded p-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <div id="mobile-menu" className="border-t border-slate-200 px-4 pb-4 md:hidden">
          <ul className="flex flex-col gap-1 py-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={`${linkClass} block py-2`} onClick={() => setMenuOpen(false)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">{account}</div>
        </div>
      )}
    </header>
  );
}
