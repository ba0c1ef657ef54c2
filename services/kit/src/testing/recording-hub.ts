// The test service's event bus: the embedded profile's in-process hub, wrapped so a test sees every
// event the service published and can hand the service an event as if its producer had sent it.
import { buildOutboxRows, createInProcessHub, type EnqueueOptions, type InProcessHub } from '../events/index.ts';
import type { EventDefinition, EventPayload, TEventEnvelope } from '@civic/contracts/shared/define-event';

export interface TestEvents {
  /** Every event of this kind the service has published so far, oldest first. */
  published<E extends EventDefinition>(event: E): TEventEnvelope<EventPayload<E>>[];
  /** The first published event of this kind whose payload matches (waiting for it up to `timeoutMs`). */
  waitFor<E extends EventDefinition>(event: E, match?: (payload: EventPayload<E>) => boolean, timeoutMs?: number): Promise<TEventEnvelope<EventPayload<E>>>;
  /**
   * Delivers one event to the service's subscriptions, as its producer's relay would; resolves once
   * every subscription settled it. Rejects when the service does not subscribe to it or a handler failed.
   */
  deliver<E extends EventDefinition>(event: E, payload: EventPayload<E>, options?: EnqueueOptions): Promise<TEventEnvelope<EventPayload<E>>>;
  /**
   * Delivers several events of one kind in one lot, in order, as a relay hands over what it read: a
   * batch subscription gets them in batches of its maxBatch. Resolves once every one was settled;
   * rejects as `deliver` does. `options[i]` goes with `payloads[i]`.
   */
  deliverAll<E extends EventDefinition>(
    event: E,
    payloads: readonly EventPayload<E>[],
    options?: readonly EnqueueOptions[],
  ): Promise<TEventEnvelope<EventPayload<E>>[]>;
}

const keyOf = (subject: string, version: number) => `${subject}#${version}`;

export function createRecordingHub(service: string): { hub: InProcessHub; events: TestEvents } {
  const inner = createInProcessHub();
  const published: TEventEnvelope[] = [];
  const subscribed = new Set<string>();
  const hub: InProcessHub = {
    get started() {
      return inner.started;
    },
    start: () => inner.start(),
    onStart: (listener) => inner.onStart(listener),
    subscribe(options, defaults) {
      subscribed.add(keyOf(options.event.subject, options.event.version));
      return inner.subscribe(options, defaults);
    },
    watch: (subject, version, listener) => inner.watch(subject, version, listener),
    deliver: (envelope, headers, attempt) => hub.deliverAll([{ envelope, headers, attempt }]).then(([result]) => result!),
    // Only the service's relay hands events to the hub; a redelivery is the same event again.
    deliverAll(deliveries) {
      for (const { envelope, attempt } of deliveries) if (attempt === 1) published.push(envelope);
      return inner.deliverAll(deliveries);
    },
  };
  const ofKind = <E extends EventDefinition>(event: E) =>
    published.filter((e) => e.subject === event.subject && e.version === event.version) as TEventEnvelope<EventPayload<E>>[];
  const events: TestEvents = {
    published: ofKind,
    async waitFor(event, match = () => true, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = ofKind(event).find((envelope) => match(envelope.payload));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`${service} published no matching ${event.subject} v${event.version} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async deliver(event, payload, options) {
      const [envelope] = await events.deliverAll(event, [payload], [options ?? {}]);
      return envelope!;
    },
    async deliverAll(event, payloads, options = []) {
      if (!subscribed.has(keyOf(event.subject, event.version))) throw new Error(`${service} does not subscribe to ${event.subject} v${event.version}`);
      const { envelopes, rows } = buildOutboxRows(event, payloads, options);
      const results = await inner.deliverAll(envelopes.map((envelope, i) => ({ envelope, headers: rows[i]!.headers, attempt: 1 })));
      const errors = results.flatMap((result) => result.errors);
      if (errors.length) throw new Error(`${service} did not handle ${event.subject}: ${errors.join('; ')}`);
      return envelopes;
    },
  };
  return { hub, events };
}
