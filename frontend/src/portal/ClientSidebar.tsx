import { CLIENT_VIEWS, type ClientViewId } from './dashboard';

/**
 * The dashboard's views; Documents carries the count of documents waiting for the client, Quotes the count of
 * quotes waiting for their answer (once their quotes are read: null before).
 */
export function ClientSidebar({
  view,
  onChange,
  pendingDocuments,
  pendingQuotes = null,
}: {
  view: ClientViewId;
  onChange: (view: ClientViewId) => void;
  pendingDocuments: number;
  pendingQuotes?: number | null;
}) {
  return (
    <nav aria-label="Client portal" className="rounded-lg bg-slate-900 p-2 text-slate-100">
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {CLIENT_VIEWS.map((item) => (
          <li key={item.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onChange(item.id)}
              aria-current={item.id === view ? 'page' : undefined}
              className={`flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-300 ${
                item.id === view ? 'bg-blue-700 font-medium text-white' : 'text-slate-200 hover:bg-slate-800'
              }`}
            >
              {item.label}
              {item.id === 'documents' && (
                <span
                  data-testid="pending-documents-count"
                  className="rounded-full bg-white px-2 text-xs font-semibold text-slate-900"
                >
                  {pendingDocuments}
                  <span className="sr-only"> pending</span>
                </span>
              )}
              {item.id === 'quotes' && pendingQuotes !== null && (
                <span
                  data-testid="pending-quotes-count"
                  className="rounded-full bg-white px-2 text-xs font-semibold text-slate-900"
                >
                  {pendingQuotes}
                  <span className="sr-only"> awaiting your answer</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
