// The test service's request bus: the embedded profile's, on which the test answers for the other
// services (the service's own responders answer as in production). A request nobody answers fails
// as it does when its responder is down: RequestUnavailable, a 503 naming the service.
import type { Logger } from 'pino';
import type { RequestDefinition, RequestPayload } from '@civic/contracts/shared/define-request';
import type { Identity } from '../http/internal-identity.ts';
import { createInProcessRequestBus } from '../requests/in-process-requests.ts';
import type { RequestBus, RequestHandler } from '../requests/request-bus.ts';

export interface Ask<D extends RequestDefinition> {
  payload: RequestPayload<D>;
  identity: Identity;
}

export interface FakeRequests {
  /** Answers `definition` with `handler` from now on (replacing an earlier answer of the test's). */
  answer<D extends RequestDefinition>(definition: D, handler: RequestHandler<D>): Promise<void>;
  /** Stops answering `definition`: the service's next request fails as if its responder were down. */
  silence(definition: RequestDefinition): void;
  /** What the service asked of `definition` since the test first answered it, oldest first. */
  asked<D extends RequestDefinition>(definition: D): Ask<D>[];
}

export function createFakeRequests(logger: Logger): { bus: RequestBus; requests: FakeRequests } {
  const bus = createInProcessRequestBus(logger);
  const answers = new Map<string, RequestHandler<RequestDefinition>>();
  const asks = new Map<string, Ask<RequestDefinition>[]>();
  const requests: FakeRequests = {
    async answer(definition, handler) {
      const subject = definition.subject;
      if (!asks.has(subject)) {
        asks.set(subject, []);
        // One dispatcher per subject, so an answer can be replaced or silenced between tests.
        const dispatch: RequestHandler<RequestDefinition> = async (payload, identity) => {
          asks.get(subject)!.push({ payload, identity });
          const current = answers.get(subject);
          if (!current) throw new Error(`the test silenced ${subject}`);
          return current(payload, identity);
        };
        await bus.respond(definition as RequestDefinition, dispatch);
      }
      answers.set(subject, handler as RequestHandler<RequestDefinition>);
    },
    silence(definition) {
      answers.delete(definition.subject);
    },
    asked: <D extends RequestDefinition>(definition: D) => [...(asks.get(definition.subject) ?? [])] as Ask<D>[],
  };
  return { bus, requests };
}
