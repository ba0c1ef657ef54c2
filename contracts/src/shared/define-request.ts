// Request/reply between services, declared like events: { subject, request, reply }. The subject is
// rpc.<responder>.<name>; it lives outside civic.> so JetStream never stores a request as an event.
// The user a request is about travels beside the payload, never in it. `callers` are the services
// that may ask (SECURITY 33): the responder refuses any other caller, and NATS lets only their users
// publish the subject (infra/nats-authorization.ts), so a compromised service asks nothing else.
import { z } from 'zod';

export interface RequestDefinition<Q extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  /** rpc.<service>.<name> */
  readonly subject: string;
  readonly request: Q;
  readonly reply: R;
  /** The services that may ask it. */
  readonly callers: readonly string[];
}

export function defineRequest<Q extends z.ZodType, R extends z.ZodType>(
  subject: string,
  request: Q,
  reply: R,
  callers: readonly string[],
): RequestDefinition<Q, R> {
  if (!/^rpc\.[a-z]+\.[a-z_]+$/.test(subject)) throw new Error(`Bad request subject: ${subject}`);
  if (callers.length === 0 || callers.some((caller) => !/^[a-z]+$/.test(caller))) throw new Error(`Bad callers of ${subject}`);
  return { subject, request, reply, callers };
}

/**
 * One request per service, all with the same name and payload but each with its own reply: the
 * shape of a question every participating service answers for its part (the export's sections,
 * the account's counts). `replies` maps service to reply schema; the subjects are rpc.<service>.<name>.
 */
export function defineRequestPerService<Q extends z.ZodType, Replies extends Record<string, z.ZodType>>(
  name: string,
  request: Q,
  replies: Replies,
  callers: readonly string[],
): { [S in keyof Replies]: RequestDefinition<Q, Replies[S]> } {
  return Object.fromEntries(Object.entries(replies).map(([service, reply]) => [service, defineRequest(`rpc.${service}.${name}`, request, reply, callers)])) as {
    [S in keyof Replies]: RequestDefinition<Q, Replies[S]>;
  };
}

/** The service that answers a subject: rpc.<service>.… */
export function responderOf(subject: string): string {
  return subject.split('.')[1]!;
}

export type RequestPayload<D extends RequestDefinition> = z.infer<D['request']>;
export type ReplyPayload<D extends RequestDefinition> = z.infer<D['reply']>;

/** What a responder sends back: the reply, or why there is none (the caller turns it into a 503). */
export const ZReplyEnvelope = z.union([z.object({ ok: z.literal(true), reply: z.unknown() }), z.object({ ok: z.literal(false), message: z.string() })]);
export type TReplyEnvelope = z.infer<typeof ZReplyEnvelope>;
