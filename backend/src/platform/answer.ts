import { ACCEPTED_MESSAGE, type TAccepted } from '@app/contracts/api/accepted';
import { isTransientError } from '@app/projections/runtime/transient';
import type { FastifyReply } from 'fastify';
import type { CommandOutcome } from './command.ts';
import { notFound } from './errors.ts';

/**
 * The answer to a command that changed `id`: the record as the read models show it, or, when they did not
 * catch up within the wait, 202 with the id. A stored change is never answered as a failure.
 */
export async function answerAfter<T, X extends object = object>(
  reply: FastifyReply,
  outcome: CommandOutcome,
  options: {
    status?: 200 | 201;
    id: number;
    read: () => Promise<T | null | undefined>;
    notFoundMessage: string;
    /** More of what the command made, for the 202 answer (the full answer carries it in `read`). */
    extra?: X;
  },
) {
  const accepted = () => {
    const body: TAccepted = { accepted: true, message: ACCEPTED_MESSAGE, id: options.id };
    return reply.code(202).send({ ...body, ...options.extra });
  };
  if (!outcome.visible) return accepted();
  let record: T | null | undefined;
  try {
    record = await options.read();
  } catch (err) {
    // The store went out of reach after the change was stored: a 503 would say nothing changed and invite a
    // second one, so the change is answered as accepted, with its id.
    if (outcome.result !== null && isTransientError(err)) return accepted();
    throw err;
  }
  if (!record) throw notFound(options.notFoundMessage);
  return reply.code(options.status ?? 200).send(record);
}
