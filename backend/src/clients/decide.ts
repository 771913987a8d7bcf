import type { TUpdateClientBody } from '@app/contracts/api/clients';
import type { TClientEvent } from '@app/contracts/events/clients';
import { conflict, notFound } from '../platform/errors.ts';

export const clientStream = (id: number) => `client-${id}`;

type Details = { name: string; email: string; phone: string | null; address: string | null };
export type ClientState =
  | { exists: false }
  | ({ exists: true; clientId: number; userId: number | null } & Details);

export const clientDecider = {
  initial: { exists: false } as ClientState,
  evolve(state: ClientState, event: TClientEvent): ClientState {
    switch (event.type) {
      case 'ClientRegistered': {
        const { clientId, userId, name, email, phone, address } = event.data;
        return { exists: true, clientId, userId, name, email, phone, address };
      }
      case 'ClientUpdated': {
        if (!state.exists) return state;
        const { name, email, phone, address } = event.data;
        return { ...state, name, email, phone, address };
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export function registerClient(
  state: ClientState,
  command: { clientId: number; userId: number | null; details: Details },
): TClientEvent[] {
  if (state.exists) throw conflict('This client already exists.');
  return [
    {
      type: 'ClientRegistered',
      data: { clientId: command.clientId, userId: command.userId, ...command.details },
    },
  ];
}

const DETAIL_KEYS = ['name', 'email', 'phone', 'address'] as const;

/** The details the Edit Client form holds that changed between the copy the person read and now. */
export function clientFieldsChanged(seen: ClientState, now: ClientState): string[] {
  if (!now.exists) return [];
  return DETAIL_KEYS.filter((key) => !seen.exists || seen[key] !== now[key]);
}

/** Records only what changed, with the earlier values for the audit trail; no change, no event. */
export function updateClient(state: ClientState, details: TUpdateClientBody): TClientEvent[] {
  if (!state.exists) throw notFound('Client not found');
  const keys = DETAIL_KEYS;
  const changed = keys.filter((key) => state[key] !== details[key]);
  if (changed.length === 0) return [];
  const previous = Object.fromEntries(changed.map((key) => [key, state[key]]));
  return [{ type: 'ClientUpdated', data: { clientId: state.clientId, ...details, previous } }];
}
