import type { TAppointment } from '@app/contracts/api/portal';
import { formatDay } from '../../../lib/format';
import { appointmentTime, humanStatus } from './portal-view';
import { Empty, Section, StatusPill } from './Section';

export function ScheduleTab({ appointments }: { appointments: readonly TAppointment[] }) {
  return (
    <Section title="Appointments">
      {appointments.length === 0 ? (
        <Empty>No appointments scheduled</Empty>
      ) : (
        <ul className="divide-y divide-slate-200">
          {appointments.map((appointment) => (
            <li key={appointment.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium text-slate-900">{appointment.title}</p>
                <p className="text-sm text-slate-700">
                  {formatDay(appointment.scheduledDate)} · {appointmentTime(appointment)}
                </p>
              </div>
              <StatusPill status={appointment.status} label={humanStatus(appointment.status)} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
