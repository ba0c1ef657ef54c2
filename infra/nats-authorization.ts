// The NATS users of the distributed profile and what each may do, generated from the
// service list and the subject conventions of the contracts, so there is one source of truth:
// - a service publishes only its own events, civic.<service>.> (the subjects of its stream), and
//   the requests whose contract names it among the callers (SECURITY 33: rpc.auth.user_directory
//   only the admin service; services/kit/src/requests), never another request subject;
// - it subscribes to the requests it answers (rpc.<service>.*), to events (its live watches) and to
//   its own inbox prefix _INBOX_<user>, so no one else's replies (exports, debits) reach it;
// - JetStream API: its own stream's create/update, and on every service's stream the calls of a
//   durable pull consumer (stream info, consumer create, info, next, ack); never delete or purge. So
//   the streams are made ahead by the unrestricted `operator` user (setup-distributed.ts);
// - answers go back on the asker's reply subject only (allow_responses);
// - the gateway only looks JetStream up (its platform's event bus); the `operator` user (setup, tests) may
//   do everything. Every other publication is refused by the server;
// - platform settings (the KV bucket `platform-settings`): every process reads and watches
//   it; only the admin service writes it ($KV.<bucket>.>).
import { requestSubjectsOf } from '@civic/contracts';
import { settingsBucketFor, settingsStreamFor } from '@civic/service-kit';
import { streamNameFor, wireSubjectFor } from '@civic/service-kit/events';
import { streamOwners } from './event-producers.ts';

export interface NatsUser {
  user: string;
  password: string;
}

export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
}

export function inboxPrefixOf(user: string): string {
  return `_INBOX_${user}`;
}

/**
 * Reading the settings bucket: its stream's info, a last-value get, and the watch (an ordered push
 * consumer, delivered to the process's own inbox, with flow-control replies); never a write.
 */
export function settingsReadPermissions(namespace: string): string[] {
  const stream = settingsStreamFor(namespace);
  return [
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.MSG.GET.${stream}`,
    `$JS.API.DIRECT.GET.${stream}.>`,
    `$JS.API.CONSUMER.CREATE.${stream}`,
    `$JS.API.CONSUMER.CREATE.${stream}.>`,
    `$JS.API.CONSUMER.INFO.${stream}.>`,
    `$JS.API.CONSUMER.DELETE.${stream}.>`,
    `$JS.FC.${stream}.>`,
  ];
}

/** What `service` may do, with the namespace (NATS_PREFIX) that prefixes subjects and stream names. */
export function servicePermissions(service: string, services: readonly string[], namespace: string): NatsPermissions {
  const wire = (subject: string) => wireSubjectFor(subject, namespace);
  const own = streamNameFor(service, namespace);
  const streams = streamOwners(services).map((s) => streamNameFor(s, namespace));
  return {
    publish: [
      wire(`civic.${service}.>`),
      ...requestSubjectsOf(service).map(wire),
      '$JS.API.INFO',
      `$JS.API.STREAM.CREATE.${own}`,
      `$JS.API.STREAM.UPDATE.${own}`,
      ...streams.flatMap((stream) => [
        // A consumer checks its producer's stream (made ahead by setup) before its durable.
        `$JS.API.STREAM.INFO.${stream}`,
        `$JS.API.CONSUMER.CREATE.${stream}.>`,
        `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.>`,
        `$JS.API.CONSUMER.INFO.${stream}.>`,
        `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
        `$JS.ACK.${stream}.>`,
      ]),
      ...settingsReadPermissions(namespace),
      ...(service === 'admin' ? [`$KV.${settingsBucketFor(namespace)}.>`] : []),
    ],
    subscribe: [
      `${inboxPrefixOf(service)}.>`,
      wire(`rpc.${service}.*`),
      wire('civic.>'),
      ...streams.map((stream) => `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.>`),
    ],
  };
}

export function gatewayPermissions(namespace = ''): NatsPermissions {
  return { publish: ['$JS.API.INFO', ...settingsReadPermissions(namespace)], subscribe: [`${inboxPrefixOf('gateway')}.>`] };
}

const quote = (value: string) => JSON.stringify(value);

/**
 * The `authorization { users = [...] }` block for nats-server.conf: `services` with their own
 * permissions, `gateway`, and an unrestricted `operator` (setup creates the streams with it; not `admin`, the admin service's user).
 */
export function natsAuthorizationConfig(options: { services: readonly string[]; namespace: string; passwords: Record<string, string> }): string {
  const { services, namespace, passwords } = options;
  const password = (user: string) => {
    const value = passwords[user];
    if (!value) throw new Error(`no NATS password for ${user}`);
    return quote(value);
  };
  const entry = (user: string, permissions: NatsPermissions) =>
    `    { user: ${quote(user)}, password: ${password(user)}, permissions: {\n` +
    `        publish: { allow: [${permissions.publish.map(quote).join(', ')}] }\n` +
    `        subscribe: { allow: [${permissions.subscribe.map(quote).join(', ')}] }\n` +
    `        allow_responses: true\n    } }`;
  const users = [
    `    { user: "operator", password: ${password('operator')} }`,
    ...services.map((service) => entry(service, servicePermissions(service, services, namespace))),
    entry('gateway', gatewayPermissions(namespace)),
  ];
  return `# Generated by infra/nats-authorization.ts: one user per process; do not edit.\nauthorization {\n  users = [\n${users.join(',\n')}\n  ]\n}\n`;
}
