// Every producer of events: each service of the roster publishes on its own stream civic.<name>.>,
// made ahead by setup, and the services may consume from all of them (test/roster.test.ts checks
// that every event of contracts/ has its producer in the roster).
import { SERVICE_NAMES } from '@civic/roster';

export function eventProducers(): string[] {
  return [...SERVICE_NAMES].sort();
}

/** The streams of a deployment: one per running service and per producer of the roster. */
export function streamOwners(services: readonly string[]): string[] {
  return [...new Set([...services, ...eventProducers()])].sort();
}
