// Every producer of an event in contracts/src/<owner>/events.ts (civic.<producer>.…): each has a stream, made
// ahead by setup, and the services may consume from all of them. A producer need not run yet
// (briefing's events are consumed before the briefing service exists).
import {
  accountEvents,
  adminEvents,
  authEvents,
  briefingEvents,
  ledgerEvents,
  notificationsEvents,
  prioritiesEvents,
  producerOf,
  socialEvents,
  type EventDefinition,
} from '@civic/contracts';

const EVENT_MODULES: readonly Record<string, unknown>[] = [
  authEvents,
  accountEvents,
  prioritiesEvents,
  briefingEvents,
  socialEvents,
  ledgerEvents,
  adminEvents,
  // Issue 22: account consumes notifications' switch.unsubscribed.
  notificationsEvents,
];

function isEventDefinition(value: unknown): value is EventDefinition {
  return typeof value === 'object' && value !== null && typeof (value as EventDefinition).subject === 'string' && 'schema' in value && 'version' in value;
}

export function eventProducers(): string[] {
  const producers = new Set<string>();
  for (const module of EVENT_MODULES) for (const value of Object.values(module)) if (isEventDefinition(value)) producers.add(producerOf(value.subject));
  return [...producers].sort();
}

/** The streams of a deployment: one per running service and per producer the contracts name. */
export function streamOwners(services: readonly string[]): string[] {
  return [...new Set([...services, ...eventProducers()])].sort();
}
