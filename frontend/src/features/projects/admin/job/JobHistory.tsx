import { failureText } from '../../../../lib/api';
import { formatInstant } from '../../../../lib/format';
import { Button } from '../../../../ui/Button';
import { PagedFooter } from '../../../../ui/ShowMore';
import { Spinner } from '../../../../ui/Spinner';
import { projectHistory, showingText } from './history';
import { useProjectHistory } from './project-history';

/** The job's audit trail: who, when, what changed, newest first, older entries page by page. */
export function JobHistory({ projectId }: { projectId: number }) {
  const query = useProjectHistory(projectId);

  if (query.isPending) return <Spinner label="Loading history" />;
  if (query.isError)
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{failureText(query.error, 'Could not load the history.')}</p>
        <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
          Try Again
        </Button>
      </div>
    );
  const items = projectHistory(query.items);
  if (items.length === 0) return <p className="text-sm text-slate-700">No changes recorded yet.</p>;

  return (
    <div className="space-y-3">
      <ol aria-label="Changes, newest first" className="space-y-3" data-testid="job-history">
        {items.map((item) => (
          <li key={item.id} className="rounded-md border border-slate-200 bg-white p-3">
            <p className="text-sm font-semibold text-slate-900">{item.what}</p>
            <p className="text-xs text-slate-700">
              by <span data-testid="history-who">{item.who}</span> on{' '}
              <time dateTime={item.when}>{formatInstant(item.when)}</time>
            </p>
            {item.changes.length > 0 && (
              <dl className="mt-2 space-y-1 text-sm">
                {item.changes.map((change) => (
                  <div key={change.field} className="flex flex-wrap gap-x-2">
                    <dt className="font-medium text-slate-800">{change.field}:</dt>
                    <dd className="text-slate-900">
                      {change.from !== undefined && (
                        <>
                          <del className="text-slate-700">{change.from}</del>
                          <span aria-hidden="true"> → </span>
                          <span className="sr-only"> changed to </span>
                        </>
                      )}
                      {change.to}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        ))}
      </ol>
      <PagedFooter list={query} shown={items.length} showing={showingText} label="Show More Changes" />
    </div>
  );
}
