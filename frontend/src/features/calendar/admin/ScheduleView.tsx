import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { CalendarSettingsDialog } from '../CalendarSettingsDialog';
import {
  businessToday,
  dayLabel,
  longDay,
  type Month,
  monthOf,
  monthRange,
  upcomingRange,
} from '../calendar-days';
import { calendarEventsQuery, eventsByDay, importedEventsQuery } from '../calendar-query';
import { EditEventDialog } from '../EditEventDialog';
import { EventCards, EventList } from '../EventList';
import { clickDay, EMPTY_RANGE, rangeRole, type ScheduleRange } from '../schedule-range';
import { BusyTimes } from './BusyTimes';
import { MonthCalendar } from './MonthCalendar';
import { ScheduleJobDialog } from './ScheduleJobDialog';
import { ScheduleProjectPanel } from './ScheduleProjectPanel';

/** The side panel's Upcoming Events: this week, i.e. today and the six days after (spec section 9). */
const PANEL_DAYS = 7;
const NO_EVENTS: readonly TCalendarEvent[] = [];

/**
 * The admin's Schedule view (spec part 2, section 2.5): the month calendar and its side panel, either
 * Upcoming Events (this week) with Schedule Job, or Schedule Project mode. Days are Anchorage days.
 */
export function ScheduleView() {
  const today = businessToday();
  const [month, setMonth] = useState<Month>(() => monthOf(today));
  const [selected, setSelected] = useState<string | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [projectId, setProjectId] = useState<number | null>(null);
  const [range, setRange] = useState<ScheduleRange>(EMPTY_RANGE);
  const [newJobOpen, setNewJobOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [editing, setEditing] = useState<TCalendarEvent | null>(null);

  const monthEvents = useQuery(calendarEventsQuery(monthRange(month)));
  const weekEvents = useQuery(calendarEventsQuery(upcomingRange(today, PANEL_DAYS)));
  const imported = useQuery(importedEventsQuery(monthRange(month)));
  const byDay = useMemo(() => eventsByDay(monthEvents.data ?? []), [monthEvents.data]);
  const eventsOn = (day: string) => byDay.get(day) ?? NO_EVENTS;

  const onDay = (day: string) => {
    if (scheduling) setRange((current) => clickDay(current, day));
    else setSelected((current) => (current === day ? null : day));
  };
  const leaveScheduling = () => {
    setScheduling(false);
    setProjectId(null);
    setRange(EMPTY_RANGE);
  };

  // The day's list opens below the month: brought into view, so a tap near the top of a phone shows it.
  const dayList = useRef<HTMLElement>(null);
  useEffect(() => {
    if (selected) dayList.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const selectedEvents = selected ? eventsOn(selected) : NO_EVENTS;
  const selectedBusy = (selected && imported.data?.filter((e) => e.date === selected)) || [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-xl font-semibold text-slate-900">Project Calendar</h2>
        <Button variant="outline" onClick={() => setSettingsOpen(true)}>
          Calendar Settings
        </Button>
      </div>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-4">
          <MonthCalendar
            month={month}
            today={today}
            selected={selected}
            eventsOn={eventsOn}
            roleOf={(day) => rangeRole(range, day)}
            scheduling={scheduling}
            loading={monthEvents.isFetching}
            onMonth={setMonth}
            onDay={onDay}
          />
          {monthEvents.isError && (
            <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
              <p>{failureText(monthEvents.error, 'Could not load the calendar.')}</p>
              <Button variant="outline" className="mt-2" onClick={() => void monthEvents.refetch()}>
                Try Again
              </Button>
            </div>
          )}
          {selected && !scheduling && (
            <section
              ref={dayList}
              aria-labelledby="selected-day-heading"
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <h3 id="selected-day-heading" className="mr-auto text-base font-semibold text-slate-900">
                  {longDay(selected)}
                </h3>
                <Button variant="outline" className="px-3 py-1.5" onClick={() => setNewJobOpen(true)}>
                  Schedule Job on this day
                </Button>
              </div>
              {selectedEvents.length === 0 && selectedBusy.length === 0 ? (
                <p className="text-sm text-slate-700">No events on {dayLabel(selected, today)}</p>
              ) : (
                <EventCards
                  events={selectedEvents}
                  today={today}
                  label={`Events on ${longDay(selected)}`}
                  onEdit={setEditing}
                />
              )}
              {selectedBusy.length > 0 && <BusyTimes events={selectedBusy} />}
            </section>
          )}
        </div>

        <aside
          aria-label="Schedule panel"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          {scheduling ? (
            <div className="space-y-3">
              <ScheduleProjectPanel
                projectId={projectId}
                range={range}
                onProject={setProjectId}
                onRange={setRange}
                onDone={leaveScheduling}
              />
              <Button variant="ghost" className="w-full" onClick={leaveScheduling}>
                Back to Upcoming Events
              </Button>
            </div>
          ) : (
            <div className="space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-base font-semibold text-slate-900">Upcoming Events</h3>
                <p className="text-sm text-slate-700">This week</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setNewJobOpen(true)}>Schedule Job</Button>
                <Button variant="outline" onClick={() => setScheduling(true)}>
                  Schedule Project
                </Button>
              </div>
              <EventList
                query={weekEvents}
                today={today}
                label="Upcoming events this week"
                empty="No upcoming events this week"
                onEdit={setEditing}
              />
            </div>
          )}
        </aside>
      </div>

      <ScheduleJobDialog open={newJobOpen} date={selected ?? today} onClose={() => setNewJobOpen(false)} />
      <EditEventDialog event={editing} onClose={() => setEditing(null)} />
      <CalendarSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
    </div>
  );
}
