// A request responder declared as data: which request a service answers and how. A service lists its
// responders beside its subscriptions in its handlers.ts (events/service-handlers.ts registers both),
// so everything that reaches a service other than through HTTP is read in one place.
import type { RequestDefinition } from '@civic/contracts/shared/define-request';
import type { RequestBus, RequestHandler } from './request-bus.ts';

export interface Responder {
  readonly definition: RequestDefinition;
  /** Starts answering on `requests`, for as long as that bus is open. */
  register(requests: RequestBus): Promise<void>;
}

export function responder<D extends RequestDefinition>(definition: D, handle: RequestHandler<D>): Responder {
  return { definition, register: (requests) => requests.respond(definition, handle) };
}
