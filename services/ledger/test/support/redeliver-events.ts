// Delivers events a second time to every consumer, as a redelivery after the duplicate window would:
// the ledger's replay tests use it to show that only the entries' unique event ids stand between a
// replayed credit event and a second credit (SECURITY 20).
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { authEvents, briefingEvents, prioritiesEvents, socialEvents, type EventDefinition, type TEventEnvelope } from '@civic/contracts';
import { wireSubjectFor } from '@civic/service-kit/events';
import type { Stack } from '../../../../test/support/stack.ts';
import { startTestProducer } from '../../../../test/support/test-producer.ts';

/** The credit and claw-back events the ledger consumes, by subject (the embedded resender needs each definition). */
const CREDIT_EVENTS: Record<string, EventDefinition> = Object.fromEntries(
  [
    authEvents.UserRegistered,
    prioritiesEvents.PriorityCreated,
    briefingEvents.DocumentCreated,
    socialEvents.RecruitJoined,
    prioritiesEvents.PriorityRemoved,
    briefingEvents.DocumentDeleted,
  ].map((e) => [e.subject, e]),
);

/**
 * Embedded: from a second outbox with the same event ids (the in-process hub delivers whatever a
 * relay hands it). Distributed: published straight onto the producers' JetStream subjects under other
 * Nats-Msg-Ids, as if the duplicate window had passed, so the streams store and deliver the copies.
 * `handled` waits until the consumers have them (before the resending relay stops, which would leave
 * a copy it had not handed over yet). `round` keeps each call's resender and message ids apart.
 */
export async function redeliver(stack: Stack, envelopes: readonly TEventEnvelope[], round: number, handled: () => Promise<unknown>): Promise<void> {
  if (stack.profile === 'embedded') {
    const resender = await startTestProducer(stack, `test_resender_${round}`);
    try {
      for (const envelope of envelopes) {
        const definition = CREDIT_EVENTS[envelope.subject];
        if (!definition) throw new Error(`redeliver: ${envelope.subject} is not an event the ledger consumes`);
        await resender.publish(definition, envelope.payload as never, { id: envelope.id, occurredAt: new Date(envelope.occurredAt) });
      }
      await handled();
    } finally {
      await resender.stop();
    }
    return;
  }
  // As the stack's NATS administrator: a redelivery republishes another service's events.
  const nc = await connect({ servers: stack.env.NATS_URL!, user: stack.env.NATS_USER, pass: stack.env.NATS_PASSWORD });
  try {
    const js = jetstream(nc);
    for (const envelope of envelopes) {
      await js.publish(wireSubjectFor(envelope.subject, stack.env.NATS_PREFIX), JSON.stringify(envelope), { msgID: `${envelope.id}-again-${round}` });
    }
    await handled();
  } finally {
    await nc.close();
  }
}
