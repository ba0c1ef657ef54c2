// Every event the social service publishes. The network's events (follows, counts, blocks) are
// written to the outbox inside the transaction of the change they report and published right after
// its commit by the database handles made here (the relay's poll repairs a crash in between). What
// the service subscribes to and answers: handlers.ts.
import { type EventDefinition, type EventPayload, socialEvents } from '@civic/contracts';
import { enqueueEvents, serviceEvents, type SqlExecutor } from '@civic/service-kit/events';

export const SOCIAL_SCHEMA = 'social';

/** The labels of the chained outbox INSERTs of a follow, an unfollow (network/follow-edges.ts), a block and an unblock (blocks.ts). */
export const FOLLOW_STATEMENTS = { follow: 'social_follow_user', unfollow: 'social_unfollow_user' } as const;
export const BLOCK_STATEMENTS = { block: 'social_block_user', unblock: 'social_unblock_user' } as const;

const events = serviceEvents(SOCIAL_SCHEMA, { outboxStatements: [...Object.values(FOLLOW_STATEMENTS), ...Object.values(BLOCK_STATEMENTS)] });
export const { publishingDb, publishingSql } = events;
const emit = events.emitter;

export const emitCountsChanged = emit(socialEvents.CountsChanged);
export const emitRecruitJoined = emit(socialEvents.RecruitJoined);

/** Many events of one kind in one outbox INSERT (an erasure cuts every edge of a user at once). */
export const emitAll =
  <E extends EventDefinition>(event: E) =>
  (tx: SqlExecutor, payloads: readonly EventPayload<E>[]) =>
    enqueueEvents(tx, SOCIAL_SCHEMA, event, payloads);
