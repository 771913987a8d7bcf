import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eText } from './values.ts';

/**
 * A value that must be unique across a whole kind of record (a client's e-mail, later invoice and quote
 * numbers, calendar-sync ids) has a stream of its own, `unique-<scope>-<value>`, appended together with the
 * owner's events. `owner` is the owning aggregate's stream.
 */
const claim = z.object({ scope: eText, value: eText, owner: eText });
export const ZUniqueValueClaimed = defineEvent('UniqueValueClaimed', claim);
export const ZUniqueValueReleased = defineEvent('UniqueValueReleased', claim);

export const uniquenessEventSchemas = [ZUniqueValueClaimed, ZUniqueValueReleased] as const;
export type TUniquenessEvent = z.infer<(typeof uniquenessEventSchemas)[number]>;
