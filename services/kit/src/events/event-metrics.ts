// The event bus's instruments (docs/reliability.md, "What is measured"). Counters on the (rare)
// redelivery and dead-letter paths; everything that needs a query is observed at scrape time by the
// bus (event-bus.ts): outbox backlog and oldest unpublished age, consumer lag, open dead letters.
import { type Counter, createNoopMeter, type Meter } from '@opentelemetry/api';

export interface EventInstruments {
  /** A delivery after the first of one event to one consumer (a nak, an ack_wait expiry, a retry). */
  redelivered(consumer: string, subject: string, transport: 'nats' | 'in-process'): void;
  /** An event kept in the consumer's dead-letter store. */
  deadLettered(consumer: string, subject: string, transport: 'nats' | 'in-process'): void;
}

export function createEventInstruments(meter: Meter = createNoopMeter()): EventInstruments {
  const redeliveries: Counter = meter.createCounter('civic.events.consumer.redeliveries', {
    description: 'Deliveries of an event to a consumer after its first (redelivered or retried)',
  });
  const deadLettered: Counter = meter.createCounter('civic.events.dead_lettered', { description: 'Events kept in a dead-letter store' });
  return {
    redelivered: (consumer, subject, transport) => redeliveries.add(1, { consumer, subject, transport }),
    deadLettered: (consumer, subject, transport) => deadLettered.add(1, { consumer, subject, transport }),
  };
}

export const NO_EVENT_INSTRUMENTS: EventInstruments = { redelivered() {}, deadLettered() {} };
