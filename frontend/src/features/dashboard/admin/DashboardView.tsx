import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { UpcomingEventsWidget } from '../../calendar/UpcomingEventsWidget';
import { RevenueChart } from '../../invoices/RevenueChart';
import { DailyNotes } from './DailyNotes';
import { statsQuery } from './queries';
import { Revenue, StatCards } from './StatCards';

/** The figures and, beside them, the daily notes; below, the next 30 days' events. */
export function DashboardView() {
  const stats = useQuery(statsQuery);
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold text-slate-900">Overview</h2>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          {stats.isPending ? (
            <div className="grid place-items-center py-12">
              <Spinner label="Loading figures" />
            </div>
          ) : stats.isError || !stats.data ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p>{failureText(stats.error, 'Could not load the figures.')}</p>
              <Button variant="outline" className="mt-3" onClick={() => void stats.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <>
              <StatCards stats={stats.data} />
              <Revenue stats={stats.data} />
              <RevenueChart />
            </>
          )}
        </div>
        <DailyNotes />
      </div>
      <UpcomingEventsWidget />
    </div>
  );
}
