// Request/reply between services (contracts' defineRequest), over the same two transports as events:
// NATS core request/reply when distributed (a queue group per responding service, so replicas share
// the work), direct calls when embedded. Events say what happened; requests ask a question that
// needs every answer now, like the account export.
//
//   await platform.requests.respond(EXPORT_REQUESTS.auth, (payload, identity) => exportAuthData(identity.userId!));
//   const section = await platform.requests.request(EXPORT_REQUESTS.auth, {}, { identity, caller: 'account' });
import { responderOf, type ReplyPayload, type RequestDefinition, type RequestPayload } from '@civic/contracts/shared/define-request';
import { createError, exposeMessage } from '../http/errors.ts';
import type { Identity } from '../http/internal-identity.ts';

/** A responder that is not running, did not answer in time or failed: the caller answers 503 with
 * a message naming the service (never the reason, which stays in the responder's log). */
export const RequestUnavailable = exposeMessage(createError('KIT_REQUEST_UNAVAILABLE', '%s', 503));

export const unavailableMessage = (definition: RequestDefinition) =>
  `The ${responderOf(definition.subject)} service could not answer right now. Please try again.`;

export type RequestHandler<D extends RequestDefinition> = (payload: RequestPayload<D>, identity: Identity) => Promise<ReplyPayload<D>>;

export interface RequestOptions {
  /** The user the request is about: the responder sees this identity, as a service sees the gateway's. */
  identity: Identity;
  /**
   * The service that asks: one of the definition's `callers`, or the request is refused (SECURITY 33;
   * on NATS, the server lets only the callers' users publish the subject at all).
   */
  caller: string;
  /** How long to wait for the answer; default 5 s. */
  timeoutMs?: number;
}

export interface RequestBus {
  /** Answers one request subject for as long as the bus is open. */
  respond<D extends RequestDefinition>(definition: D, handler: RequestHandler<D>): Promise<void>;
  /** Asks; the reply is checked against the contract. Throws RequestUnavailable when no valid reply comes. */
  request<D extends RequestDefinition>(definition: D, payload: RequestPayload<D>, options: RequestOptions): Promise<ReplyPayload<D>>;
  close(): Promise<void>;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

/**
 * The identity of a request a service makes on its own behalf, for no user and with no role (a
 * directory rebuild, a lookup from a background job); only responders that read no user answer it.
 */
export const SERVICE_IDENTITY: Identity = { userId: null, isAdmin: false, isBanned: false, ip: '127.0.0.1' };

/** Refuses a caller the definition does not name (the handler never runs). */
export function checkCaller(definition: RequestDefinition, caller: string | undefined): void {
  if (!caller || !definition.callers.includes(caller)) throw new Error(`${caller ?? 'an unnamed caller'} may not ask ${definition.subject}`);
}

/** Checks a reply against its contract, so a caller never passes on a malformed section. */
export function parseReply<D extends RequestDefinition>(definition: D, reply: unknown): ReplyPayload<D> {
  const parsed = definition.reply.safeParse(reply);
  if (!parsed.success) throw new RequestUnavailable(unavailableMessage(definition));
  return parsed.data as ReplyPayload<D>;
}

/** The user a request is about; a request without one is refused (the handler never runs). */
export function requestUserOf(identity: Identity): string {
  if (!identity.userId) throw new Error('This request needs a signed-in user');
  return identity.userId;
}
