import { NO_SUCH_RECORD, UNSTORABLE_TEXT } from '@app/contracts/api/primitives';
import { isStorableText } from '@app/contracts/events/values';
import type { FastifyInstance, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { invalid, notFound } from './errors.ts';

/** The first text in `value` (keys included) the store cannot hold, looked for without recursion. */
export function unstorableText(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (!isStorableText(next)) return next;
    } else if (next && typeof next === 'object' && !ArrayBuffer.isView(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (!isStorableText(key)) return key;
        pending.push(inner);
      }
    }
  }
  return null;
}

type ValidationResult = { error?: Error | FastifySchemaValidationError[]; value?: unknown };
const namesNoRecord = (error: unknown) =>
  Array.isArray(error) &&
  error.some(
    (issue) => (issue as { params?: { params?: Record<string, unknown> } }).params?.params?.[NO_SUCH_RECORD],
  );

/**
 * The zod validator, except that a path id past the database's range or with a leading zero (ZIdParam)
 * answers 404 like any record that does not exist.
 */
const zodValidator: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]) as (
    data: unknown,
  ) => ValidationResult;
  return (data: unknown) => {
    const result = validate(data);
    if (result.error && namesNoRecord(result.error)) return { error: notFound('No such record.') };
    return result;
  };
};

/**
 * The input rules of every route, in one place (the schemas' building blocks are in
 * `contracts/api/primitives`): ids past the database's range or not in their one form (`01`) are records
 * that do not exist (404), and no text with a NUL or a lone surrogate reaches a handler (400), even on a
 * route whose schema forgets it.
 * The check runs after the guards and the schemas, so a caller without access still gets 401/403 first.
 * Called right after the floor sets the zod validator compiler, which it wraps and takes over.
 */
export function applyInputRules(app: FastifyInstance) {
  app.setValidatorCompiler(zodValidator);
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      if (unstorableText(part) !== null) throw invalid(`The request ${UNSTORABLE_TEXT}.`);
    }
  });
}
