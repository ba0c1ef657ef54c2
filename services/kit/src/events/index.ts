// @civic/service-kit/events: the public surface of the service kit's event bus.
export type { EventLogger, EventLogFn } from './event-logger.ts';
export { outboxMigrationSql, outboxMigrationStatements } from './outbox-schema.ts';
export { buildOutboxRows, enqueueEvent, enqueueEvents, insertOutboxRows, outboxInsertSql, type EnqueueOptions, type OutboxRows } from './enqueue-event.ts';
export { serviceEvents, type Publisher, type ServiceEventsOptions } from './service-events.ts';
export {
  batchSubscription,
  registerServiceHandlers,
  responder,
  subscription,
  type Responder,
  type BatchSubscriptionOptions,
  type ServiceConsumer,
  type ServiceHandlers,
  type Subscription,
  type SubscriptionOptions,
} from './service-handlers.ts';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions, type OutboxSink, type HandOverOutcome } from './outbox-relay.ts';
export {
  createBatchConsumerStep,
  createConsumerStep,
  consumerSchemaFor,
  DEFAULT_MAX_BATCH,
  PoisonEventError,
  type BatchEventHandler,
  type BatchHandlerContext,
  type BatchItem,
  type EventHandler,
  type HandlerContext,
  type ProcessOutcome,
} from './process-event.ts';
export type { SubscribeOptions, EventSubscription } from './subscription.ts';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
export { DependencyUnavailableError, failureKindOf, type FailureKind } from '../failure-kind.ts';
export {
  deadLetterMigrationStatements,
  eraseDeadLettersNaming,
  listDeadLetters,
  recordDeadLetter,
  requestDeadLetterReplay,
  type DeadLetterSummary,
} from './dead-letters.ts';
export { createInProcessHub, type InProcessHub } from './in-process-hub.ts';
export { ensureStreams, streamConfigFor, type StreamOptions } from './nats-streams.ts';
export { streamNameFor, wireSubjectFor, durableNameFor } from './naming.ts';
export { captureTraceHeaders, extractTraceContext, type TraceHeaders } from './trace-headers.ts';
export {
  createEventBus,
  type EventBus,
  type EventBusOptions,
  type EventTransport,
  type EventWatch,
  type EventWatcher,
  type StartRelayOptions,
} from './event-bus.ts';
