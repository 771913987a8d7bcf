import { createHash } from 'node:crypto';
import { SIGNATURE_INVALID } from '@app/contracts/api/documents';
import type { FastifyRequest } from 'fastify';
import { invalid } from '../platform/errors.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A drawn signature (the signature pad's PNG data URL, whose shape the body schema checked): its bytes, checked
 * to really be a PNG, and the name it is stored by under the documents folder (its SHA-256, so storing the same
 * picture twice is harmless). Documents and accepted quotes keep their signatures this way.
 */
export function drawnSignature(dataUrl: string): { png: Buffer; file: string } {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length <= PNG_MAGIC.length || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw invalid(SIGNATURE_INVALID, 'invalid_signature');
  return { png, file: `${createHash('sha256').update(png).digest('hex')}.png` };
}

/** The signer's browser as recorded with a signature (bounded). */
export const userAgentOf = (request: FastifyRequest) =>
  String(request.headers['user-agent'] ?? '').slice(0, 500);
