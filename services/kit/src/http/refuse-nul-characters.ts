// PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails with "invalid
// byte sequence", which would answer 500 to what is bad input. Every string of a query or a JSON
// body is checked before validation, so any such request is a 400 in every service, whatever its
// schema says; nothing legitimate in this product contains the character.
import type { FastifyInstance } from 'fastify';
import { BadRequest } from './errors.ts';

export const NUL_CHARACTER_MESSAGE = 'Text must not contain NUL characters';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Bodies are at most 64 KB of JSON; the depth bound only guards the recursion.
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.query) || holdsNul(request.body) || holdsNul(request.params)) return done(new BadRequest(NUL_CHARACTER_MESSAGE));
    done();
  });
}
