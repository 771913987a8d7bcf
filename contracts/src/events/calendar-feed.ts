import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eId } from './values.ts';

/**
 * The audit trail of a person's private calendar subscription address (GET/DELETE /api/calendar/feed), one
 * stream per account: `calendar-feed-<userId>`. Never the address, its token or a hash of it: the address is a
 * credential, kept (as a hash) in the `calendar_feeds` table, where revoking really forgets it (an event
 * cannot be taken back). These events say only that one was made or revoked, by whom and when.
 */
const user = { userId: eId };

export const ZCalendarFeedIssued = defineEvent('CalendarFeedIssued', z.object(user));
export const ZCalendarFeedRevoked = defineEvent('CalendarFeedRevoked', z.object(user));

export const calendarFeedEventSchemas = [ZCalendarFeedIssued, ZCalendarFeedRevoked] as const;
export type TCalendarFeedEvent = z.infer<(typeof calendarFeedEventSchemas)[number]>;
export const calendarFeedStream = (userId: number) => `calendar-feed-${userId}`;
