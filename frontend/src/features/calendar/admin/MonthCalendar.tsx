import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import {
  cellEntry,
  clockLabel,
  dayForKey,
  longDay,
  type Month,
  monthOf,
  monthTitle,
  monthWeeks,
  shiftMonth,
} from '../calendar-days';
import { TYPE_BADGE } from '../event-labels';
import type { RangeRole } from '../schedule-range';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** How many event titles a day cell shows before "+n more". */
const SHOWN_PER_DAY = 2;

const ROLE_CLASS: Record<Exclude<RangeRole, null>, string> = {
  start: 'bg-green-700 text-white border-green-800',
  end: 'bg-red-700 text-white border-red-800',
  between: 'bg-slate-200 text-slate-900 border-slate-300',
};
const ROLE_TEXT: Record<Exclude<RangeRole, null>, string> = {
  start: 'start date',
  end: 'end date',
  between: 'in the scheduled range',
};

/** The day button's name: its date, whether it is today, its place in the range and its events. */
function dayName(day: string, today: string, role: RangeRole, events: readonly TCalendarEvent[]) {
  const parts = [longDay(day)];
  if (day === today) parts.push('today');
  if (role) parts.push(ROLE_TEXT[role]);
  parts.push(
    events.length === 0
      ? 'no events'
      : `${events.length} ${events.length === 1 ? 'event' : 'events'}: ${events.map((e) => e.title).join('; ')}`,
  );
  return parts.join(', ');
}

/**
 * The month calendar (spec part 2, section 2.5): month navigation, today marked, days with events
 * highlighted; in Schedule Project mode the start day is green, the end red and the days between grey.
 * Every day is a button named by its date and events; in that mode the start and end are pressed. Arrow
 * keys, Home and End move between days (into the next or previous month when needed).
 */
export function MonthCalendar({
  month,
  today,
  selected,
  eventsOn,
  roleOf,
  scheduling,
  loading,
  onMonth,
  onDay,
}: {
  month: Month;
  today: string;
  selected: string | null;
  eventsOn: (day: string) => readonly TCalendarEvent[];
  roleOf: (day: string) => RangeRole;
  scheduling: boolean;
  loading: boolean;
  onMonth: (month: Month) => void;
  onDay: (day: string) => void;
}) {
  const weeks = monthWeeks(month);
  const grid = useRef<HTMLTableElement>(null);
  /** The day whose "+n more" list is open in its cell. */
  const [moreOf, setMoreOf] = useState<string | null>(null);
  /** A day to focus once its month is shown (an arrow key led out of the grid). */
  const pendingFocus = useRef<string | null>(null);
  const focusDay = (day: string) => {
    const button = grid.current?.querySelector<HTMLButtonElement>(`button[data-day="${day}"]`);
    button?.focus();
    return Boolean(button);
  };
  useEffect(() => {
    if (pendingFocus.current && focusDay(pendingFocus.current)) pendingFocus.current = null;
  });
  const onKeyDown = (day: string) => (event: KeyboardEvent) => {
    const target = dayForKey(day, event.key);
    if (!target) return;
    event.preventDefault();
    if (focusDay(target)) return;
    pendingFocus.current = target;
    onMonth(monthOf(target));
  };

  return (
    <section
      aria-labelledby="month-title"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 id="month-title" className="mr-auto text-lg font-semibold text-slate-900" aria-live="polite">
          {monthTitle(month)}
          {loading && <span className="sr-only"> (loading events)</span>}
        </h3>
        <Button variant="outline" className="px-3 py-1.5" onClick={() => onMonth(shiftMonth(month, -1))}>
          <span aria-hidden="true">‹</span> Previous month
        </Button>
        <Button
          variant="outline"
          className="px-3 py-1.5"
          disabled={month === monthOf(today)}
          onClick={() => onMonth(monthOf(today))}
        >
          Today
        </Button>
        <Button variant="outline" className="px-3 py-1.5" onClick={() => onMonth(shiftMonth(month, 1))}>
          Next month <span aria-hidden="true">›</span>
        </Button>
      </div>
      <table ref={grid} className="w-full table-fixed border-collapse" aria-labelledby="month-title">
        <thead>
          <tr>
            {WEEKDAYS.map((name, i) => (
              <th key={name} scope="col" className="pb-1 text-xs font-medium text-slate-700">
                <abbr title={WEEKDAY_NAMES[i]} className="no-underline">
                  {name}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day, column) => {
                const events = eventsOn(day);
                const role = scheduling ? roleOf(day) : null;
                const inMonth = monthOf(day) === month;
                const base = role
                  ? ROLE_CLASS[role]
                  : events.length > 0
                    ? 'bg-blue-50 border-blue-300 text-slate-900'
                    : `bg-white border-slate-200 ${inMonth ? 'text-slate-900' : 'text-slate-600'}`;
                const isSelected = !scheduling && selected === day;
                return (
                  <td key={day} className="relative p-0.5 align-top">
                    <button
                      type="button"
                      data-day={day}
                      aria-label={dayName(day, today, role, events)}
                      aria-pressed={scheduling ? role === 'start' || role === 'end' : undefined}
                      aria-current={day === today ? 'date' : undefined}
                      onClick={() => onDay(day)}
                      onKeyDown={onKeyDown(day)}
                      className={`flex h-20 w-full flex-col items-stretch overflow-hidden rounded-md border p-1 text-left text-xs focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 sm:h-24 ${base} ${
                        isSelected ? 'ring-2 ring-blue-700' : ''
                      } ${inMonth ? '' : 'opacity-90'}`}
                    >
                      <span
                        className={`inline-grid size-6 place-items-center self-start rounded-full text-sm ${
                          day === today ? 'bg-blue-700 font-bold text-white' : 'font-medium'
                        }`}
                      >
                        {Number(day.slice(8))}
                      </span>
                      {events.slice(0, SHOWN_PER_DAY).map((event) => (
                        <span
                          key={`${event.type}-${event.id}`}
                          data-testid="calendar-entry"
                          title={`${clockLabel(event.time)} ${event.title}`}
                          className={`mt-0.5 hidden truncate rounded px-1 sm:block ${TYPE_BADGE[event.type]}`}
                        >
                          {cellEntry(event)}
                        </span>
                      ))}
                      {events.length > 0 && (
                        <span
                          aria-hidden="true"
                          className="mt-auto size-1.5 rounded-full bg-blue-700 sm:hidden"
                        />
                      )}
                    </button>
                    {events.length > SHOWN_PER_DAY && (
                      <button
                        type="button"
                        aria-expanded={moreOf === day}
                        aria-controls={`more-${day}`}
                        onClick={() => setMoreOf((open) => (open === day ? null : day))}
                        className="absolute bottom-1.5 left-1.5 hidden rounded px-1 text-xs font-medium text-blue-800 underline hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-700 sm:block"
                      >
                        +{events.length - SHOWN_PER_DAY} more
                      </button>
                    )}
                    {moreOf === day && (
                      <DayEntries
                        id={`more-${day}`}
                        day={day}
                        alignRight={column > 3}
                        events={events}
                        onClose={() => setMoreOf(null)}
                        onShowDay={() => {
                          setMoreOf(null);
                          onDay(day);
                        }}
                      />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A day's every entry, opened in place over its cell by "+n more"; Escape or Close shuts it. */
function DayEntries({
  id,
  day,
  alignRight,
  events,
  onClose,
  onShowDay,
}: {
  id: string;
  day: string;
  /** Opens leftwards from the cell, so a late weekday's list stays on the page. */
  alignRight: boolean;
  events: readonly TCalendarEvent[];
  onClose: () => void;
  onShowDay: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div
      id={id}
      ref={panel}
      role="dialog"
      aria-label={`All events on ${longDay(day)}`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className={`absolute top-0 ${alignRight ? 'right-0' : 'left-0'} z-30 w-64 max-w-[80vw] space-y-1 rounded-md border border-slate-300 bg-white p-2 text-xs shadow-lg`}
    >
      <p className="font-semibold text-slate-900">{longDay(day)}</p>
      <ul className="space-y-1">
        {events.map((event) => (
          <li key={`${event.type}-${event.id}`} className={`rounded px-1 py-0.5 ${TYPE_BADGE[event.type]}`}>
            <span className="font-medium">{clockLabel(event.time)}</span> {event.title}
            {event.clientName && <span className="block">{event.clientName}</span>}
          </li>
        ))}
      </ul>
      <div className="flex gap-2 pt-1">
        <Button variant="outline" className="px-2 py-1 text-xs" onClick={onShowDay}>
          Show the day
        </Button>
        <Button variant="ghost" className="px-2 py-1 text-xs" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
