import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { centsToUsd } from './payment-list';
import { revenueQuery } from './payments-query';
import { barShares, monthLabel } from './revenue-chart';

const HEIGHT = 120;
const BAR = 20;
const GAP = 8;

/** Revenue by month, the last 12 months (GET /api/dashboard/revenue), as SVG bars with a table for readers. */
export function RevenueChart() {
  const revenue = useQuery(revenueQuery);
  const titleId = useId();
  const months = revenue.data ?? [];
  const shares = barShares(months);
  const width = months.length * (BAR + GAP);
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={titleId} className="text-sm font-medium text-slate-700">
        Revenue by Month
      </h3>
      {revenue.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading...</p>
      ) : revenue.isError ? (
        <p className="mt-2 text-sm text-slate-600">Revenue is not available right now.</p>
      ) : (
        <>
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${Math.max(width, 1)} ${HEIGHT}`}
            className="mt-3 h-32 w-full"
            preserveAspectRatio="none"
          >
            {months.map((month, index) => {
              const h = Math.max(shares[index]! * HEIGHT, month.cents > 0 ? 2 : 0);
              return (
                <rect
                  key={month.month}
                  x={index * (BAR + GAP)}
                  y={HEIGHT - h}
                  width={BAR}
                  height={h}
                  className="fill-blue-600"
                />
              );
            })}
          </svg>
          <div className="mt-1 flex justify-between text-xs text-slate-600" aria-hidden="true">
            <span>{months[0] ? monthLabel(months[0].month) : ''}</span>
            <span>{months.at(-1) ? monthLabel(months.at(-1)!.month) : ''}</span>
          </div>
          <table className="sr-only">
            <caption>Completed payments by month</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <td>{monthLabel(month.month)}</td>
                  <td>{centsToUsd(month.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
