import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../../../ui/Button';

/** Back to the admin's Clients view (spec: Back to Admin). */
export function BackToAdmin({ variant = 'outline' }: { variant?: 'outline' | 'primary' }) {
  return (
    <Link to="/admin" search={{ view: 'clients' }} className={buttonClass(variant)}>
      Back to Admin
    </Link>
  );
}

/** The page's frame: a header naming whose portal this is, that an admin is looking, and the content. */
export function PortalFrame({ clientName, children }: { clientName?: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-4">
          <div className="mr-auto min-w-0">
            <h1 className="text-xl font-semibold">{clientName ? `${clientName} Portal` : 'Client Portal'}</h1>
            <p className="text-sm text-slate-700">Admin View</p>
          </div>
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            Viewing as Admin
          </span>
          <BackToAdmin />
        </div>
      </header>
      <main className="mx-auto max-w-6xl p-4 md:p-6">{children}</main>
    </div>
  );
}

/** A whole-page message (no client id, unknown client) with the way back. */
export function PortalNotice({ title, text, role }: { title: string; text: string; role?: 'alert' }) {
  return (
    <div
      role={role}
      className="mx-auto max-w-lg rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-slate-700">{text}</p>
      <div className="mt-6">
        <BackToAdmin variant="primary" />
      </div>
    </div>
  );
}
