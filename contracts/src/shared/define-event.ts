// Versioned event definitions (documenso's job definitions): { subject, version, schema }.
import { z } from 'zod';

export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  /** civic.<service>.<entity>.<pastVerb> */
  readonly subject: string;
  readonly version: number;
  readonly schema: S;
}

export function defineEvent<S extends z.ZodType>(subject: string, version: number, schema: S): EventDefinition<S> {
  if (!/^civic\.[a-z]+\.[a-z_]+\.[a-z_]+$/.test(subject)) throw new Error(`Bad event subject: ${subject}`);
  return { subject, version, schema };
}

/** What travels on the wire; `id` is also the JetStream Nats-Msg-Id. */
export const ZEventEnvelope = z.object({
  id: z.string().uuid(),
  subject: z.string(),
  occurredAt: z.string(),
  version: z.number().int().positive(),
  payload: z.unknown(),
});
export type TEventEnvelope<P = unknown> = Omit<z.infer<typeof ZEventEnvelope>, 'payload'> & { payload: P };

export type EventPayload<E extends EventDefinition> = z.infer<E['schema']>;

/** The service that produces a subject: civic.<service>.… */
export function producerOf(subject: string): string {
  return subject.split('.')[1]!;
}
