// JetStream names derived from the contract: stream CIVIC_<SERVICE> over subjects civic.<service>.>,
// one durable per (consumer, subject, version). An optional namespace prefixes both, so parallel test
// runs (or two deployments sharing a server) never collide.
import type { EventDefinition } from '@civic/contracts/shared/define-event';

const NAMESPACE = /^[A-Za-z0-9_-]*$/;
const SERVICE = /^[a-z]+$/;

function checkNamespace(namespace: string): string {
  if (!NAMESPACE.test(namespace)) throw new Error(`Invalid NATS namespace: ${JSON.stringify(namespace)}`);
  return namespace;
}

function checkService(service: string): string {
  if (!SERVICE.test(service)) throw new Error(`Invalid service name for a stream: ${JSON.stringify(service)}`);
  return service;
}

export function streamNameFor(service: string, namespace = ''): string {
  const name = `CIVIC_${checkService(service).toUpperCase()}`;
  return checkNamespace(namespace) ? `${namespace.toUpperCase()}_${name}` : name;
}

/** The subject a contract subject travels on. */
export function wireSubjectFor(subject: string, namespace = ''): string {
  return checkNamespace(namespace) ? `${namespace}.${subject}` : subject;
}

export function streamSubjectFor(service: string, namespace = ''): string {
  return wireSubjectFor(`civic.${checkService(service)}.>`, namespace);
}

/** Durable names may not contain '.', so the subject's dots become underscores. */
export function durableNameFor(consumer: string, event: EventDefinition): string {
  return `${consumer}__${event.subject.replaceAll('.', '_')}__v${event.version}`;
}
