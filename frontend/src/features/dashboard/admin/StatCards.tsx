import type { TDashboardStats } from '@app/contracts/api/portal';
import { Link } from '@tanstack/react-router';
import { LANDED_VIEWS } from '../../../admin/views';
import { formatUsd } from '../../../lib/format';
import { cardTarget, STAT_CARDS, type StatCard } from './figures';

const CARD = 'block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm';

function CardBody({ card, value }: { card: StatCard; value: number }) {
  return (
    <>
      <span className="block text-sm font-medium text-slate-700">{card.label}</span>
      <span className="mt-1 block text-3xl font-semibold text-slate-900" data-testid={`stat-${card.key}`}>
        {value}
      </span>
      <span className="mt-1 block text-xs text-slate-700">{card.detail}</span>
    </>
  );
}

/** The four figures; a card whose view exists is a link to it. */
export function StatCards({ stats }: { stats: TDashboardStats }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label="Figures">
      {STAT_CARDS.map((card) => {
        const view = cardTarget(card, LANDED_VIEWS);
        return (
          <li key={card.key}>
            {view ? (
              <Link
                to="/admin"
                search={{ view }}
                className={`${CARD} hover:border-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
              >
                <CardBody card={card} value={stats[card.key]} />
              </Link>
            ) : (
              <div className={CARD}>
                <CardBody card={card} value={stats[card.key]} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Revenue({ stats }: { stats: TDashboardStats }) {
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3">
      <div>
        <dt className="text-sm font-medium text-slate-700">Total Revenue</dt>
        <dd className="mt-1 text-2xl font-semibold text-slate-900" data-testid="stat-totalRevenue">
          {formatUsd(stats.totalRevenue)}
        </dd>
        <dd className="text-xs text-slate-700">Completed payments</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-700">Average Project Value</dt>
        <dd className="mt-1 text-2xl font-semibold text-slate-900">{formatUsd(stats.averageProjectValue)}</dd>
        <dd className="text-xs text-slate-700">Per paid project</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-700">Total Projects</dt>
        <dd className="mt-1 text-2xl font-semibold text-slate-900">{stats.totalProjects}</dd>
      </div>
    </dl>
  );
}
