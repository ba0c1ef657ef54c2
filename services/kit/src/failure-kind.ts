// Why a consumer failed decides what happens to the event (docs/protocols/events.md):
// - 'infrastructure': the consumer's own dependencies (its database, NATS, Redis, a request/reply
//   peer) were unavailable or contended. The event is fine; it is retried without limit.
// - 'event': anything else (the handler rejects this event, a bug meets this payload). After the
//   retry policy's deliveries it goes to the dead-letter store, where an operator can replay it.
// Unknown errors count as 'event': a dead letter is visible and replayable, an endless retry of a
// bug is neither.

export type FailureKind = 'infrastructure' | 'event';

/** Thrown by code that knows a dependency is away (e.g. a request/reply peer did not answer). */
export class DependencyUnavailableError extends Error {
  override readonly name: string = 'DependencyUnavailableError';
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ESOCKETTIMEDOUT',
  'ERR_SOCKET_CLOSED',
  'ERR_STREAM_DESTROYED',
  // The kit's request bus: the peer did not answer (down, or could not serve the request).
  'KIT_REQUEST_UNAVAILABLE',
]);

// PostgreSQL SQLSTATEs that say nothing about the event: connection (08), resources (53), operator
// intervention (57P01-57P04, 57014 statement timeout or cancel), serialization and deadlock (40001,
// 40P01), lock not available (55P03).
function isTransientSqlState(code: string): boolean {
  return /^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[1-4]$/.test(code) || ['57014', '40001', '40P01', '55P03'].includes(code);
}

// Errors of the NATS client (v3) and ioredis that mean the connection is away or the peer silent.
const TRANSIENT_ERROR_NAMES = new Set([
  'DependencyUnavailableError',
  'TimeoutError',
  'NoRespondersError',
  'ClosedConnectionError',
  'DrainingConnectionError',
  'ConnectionError',
  'MaxRetriesPerRequestError',
]);

// Lower-case fragments of the messages drivers give when the connection, not the query, failed.
const TRANSIENT_MESSAGE_FRAGMENTS = [
  'connection terminated',
  'connection error',
  'connection is closed',
  'command timed out',
  'timeout exceeded when trying to connect',
  "can't reach database server",
  'terminating connection due to administrator command',
  'the database system is starting up',
  'the database system is shutting down',
  'pglite is closed',
];

function isTransientOne(error: object): boolean {
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === 'string' && TRANSIENT_ERROR_NAMES.has(name)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || isTransientSqlState(code))) return true;
  if (typeof message !== 'string') return false;
  const lower = message.toLowerCase();
  return TRANSIENT_MESSAGE_FRAGMENTS.some((fragment) => lower.includes(fragment));
}

/** The errors this one carries: its cause, an aggregate's members. */
function innerErrorsOf(error: object): unknown[] {
  const inner: unknown[] = [];
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause !== undefined) inner.push(cause);
  if (Array.isArray(errors)) inner.push(...errors);
  return inner;
}

export function failureKindOf(error: unknown): FailureKind {
  const pending: unknown[] = [error];
  // Bounded: causes can be cyclic.
  for (let seen = 0; pending.length > 0 && seen < 16; seen++) {
    const next = pending.shift();
    if (!next || typeof next !== 'object') continue;
    if (isTransientOne(next)) return 'infrastructure';
    pending.push(...innerErrorsOf(next));
  }
  return 'event';
}
