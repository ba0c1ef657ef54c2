// What a service declares (config, database, context, handlers, data rights, routes, jobs) and the one
// wiring the kit builds from it, in the order starts and stops need (docs/service-kit.md).
import { ACCOUNT_COUNT_REQUESTS, type AccountCountOwner, accountEvents, EXPORT_REQUESTS, type ExportService, type ReplyPayload } from '@civic/contracts';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { loadConfig } from './config.ts';
import type { SqlDriver } from './db/sql-driver.ts';
import type { EventHandler } from './events/process-event.ts';
import { registerServiceHandlers, type ServiceHandlers, subscription } from './events/service-handlers.ts';
import type { PeriodicJob } from './jobs/periodic-job.ts';
import type { Platform } from './platform.ts';
import { requestUserOf } from './requests/request-bus.ts';
import { responder } from './requests/responder.ts';

/** What every part after the context is given besides it. */
export interface ServiceWiring<Config> {
  platform: Platform;
  /** The service's database handle, publishing the outbox events of what it commits. */
  db: SqlDriver;
  config: Config;
}

/** A route plugin given `{ ctx }`, or a plugin with options made from the context. */
export type RouteEntry<C> =
  | FastifyPluginAsync<{ ctx: C }>
  // biome-ignore lint/suspicious/noExplicitAny: each entry's plugin and options agree; the list mixes them.
  | { plugin: FastifyPluginAsync<any>; options: (ctx: C) => object };

type ExportSection<N> = N extends ExportService ? ReplyPayload<(typeof EXPORT_REQUESTS)[N]> : never;
type AccountCounts<N> = N extends AccountCountOwner ? ReplyPayload<(typeof ACCOUNT_COUNT_REQUESTS)[N]> : never;

/**
 * A service's part of the citizen's data rights (docs/protocols/account-data.md): the kit answers the
 * account service's export and counts requests with them, and runs the erasure on civic.account.user.deleted.
 */
export interface DataRights<N extends string> {
  /** This service's section of the user's export (rpc.<service>.user_data_export). */
  exportSection: (userId: string) => Promise<ExportSection<N>>;
  /** The account stats this service owns (rpc.<service>.account_counts), for the services in ACCOUNT_COUNT_OWNERS. */
  countData?: (userId: string) => Promise<AccountCounts<N>>;
  /** This service's part of an account's erasure, in the consumer's transaction. */
  erase?: EventHandler<typeof accountEvents.UserDeleted>;
}

/** A service with a database: everything the kit wires for it. */
export interface ServiceParts<N extends string, C, Config> {
  /** Lower-case service name: its schema, its stream, its JWT audience. */
  name: N;
  /** Parsed from the platform's environment first, so a bad variable stops the service before anything opens. */
  config?: z.ZodType<Config>;
  /** The service's prisma/migrations folder. */
  migrations: string;
  /** Tables the runtime role may only read and append to (database-provider.ts). */
  database?: { appendOnlyTables?: readonly string[] };
  /** The service's events.ts `publishingDb`: its driver, publishing what each transaction enqueued. */
  publishingDb: (driver: SqlDriver, platform: Platform) => SqlDriver;
  /** How often the outbox relay looks for events no commit kicked out (default: the relay's). */
  relay?: { pollIntervalMs?: number };
  /** What the handlers, routes and jobs share. */
  context: (wiring: ServiceWiring<Config>) => C | Promise<C>;
  /**
   * The escape hatch, run on the service's encapsulated scope as soon as the context is built: only
   * for what no part declares (auth's cookie parser when alone; priorities' live streams, ended on
   * preClose, and their gauge).
   */
  extend?: (app: FastifyInstance, ctx: C, wiring: ServiceWiring<Config>) => Promise<void> | void;
  /** Work done once before the relay and the handlers start: seeds, catch-ups, checks of stored data. */
  prepare?: (ctx: C, wiring: ServiceWiring<Config>) => Promise<void>;
  /** Durable subscriptions and request responders (the service's handlers.ts). */
  handlers: (ctx: C) => ServiceHandlers;
  /** Export, counts and erasure: registered with the handlers. */
  dataRights?: (ctx: C) => DataRights<N>;
  /** Non-durable watches, started once the handlers are registered. */
  watches?: (ctx: C, wiring: ServiceWiring<Config>) => Promise<unknown>;
  routes: readonly RouteEntry<C>[];
  /** Background jobs: started once the routes are registered, stopped before the relay on close. */
  jobs?: (ctx: C, wiring: ServiceWiring<Config>) => readonly PeriodicJob[];
}

/** A service of routes alone: no database, no events (a gateway test's throwaway service). */
export interface RoutesOnlyParts {
  name: string;
  routes: readonly FastifyPluginAsync[];
}

export type DeclaredService = ServiceParts<string, unknown, unknown> | RoutesOnlyParts;

/** The handlers with the data rights' responders and erasure added after the service's own. */
export function withDataRights<N extends string>(name: N, handlers: ServiceHandlers, rights: DataRights<N> | undefined): ServiceHandlers {
  if (!rights) return handlers;
  const exportRequest = EXPORT_REQUESTS[name as unknown as ExportService];
  const countRequest = ACCOUNT_COUNT_REQUESTS[name as unknown as AccountCountOwner];
  if (rights.countData && !countRequest) throw new Error(`${name} declares account counts but is not in ACCOUNT_COUNT_OWNERS`);
  const { exportSection, countData, erase } = rights;
  return {
    subscriptions: [...(handlers.subscriptions ?? []), ...(erase ? [subscription(accountEvents.UserDeleted, erase)] : [])],
    responders: [
      ...(handlers.responders ?? []),
      responder(exportRequest, (_payload, identity) => exportSection(requestUserOf(identity)) as never),
      ...(countData && countRequest ? [responder(countRequest, (_payload, identity) => countData(requestUserOf(identity)) as never)] : []),
    ],
  };
}

/**
 * The service's plugin. Starts: config, database, context, extend, prepare, relay, handlers and data
 * rights, watches, routes, jobs. Stops on close: jobs (a run under way finishes first), then the
 * relay; the bus stops subscriptions, responders and watches when the platform closes.
 */
export function wireService(parts: DeclaredService): FastifyPluginAsync<{ platform: Platform }> {
  // Refused at definition: the roster loads every service before anything starts.
  if ('dataRights' in parts && parts.dataRights && !EXPORT_REQUESTS[parts.name as ExportService]) {
    throw new Error(`${parts.name} declares data rights but has no section in EXPORT_SECTIONS`);
  }
  if (!('migrations' in parts)) {
    return async (app) => {
      for (const route of parts.routes) await app.register(route);
    };
  }
  return async (app, { platform }) => {
    const config = parts.config ? loadConfig(parts.config, platform.env) : undefined;
    const database = await platform.databases.open(parts.name, parts.migrations, parts.database ?? {});
    const db = parts.publishingDb(database.driver, platform);
    const wiring: ServiceWiring<unknown> = { platform, db, config };
    const ctx = await parts.context(wiring);
    await parts.extend?.(app, ctx, wiring);
    await parts.prepare?.(ctx, wiring);
    const relay = await platform.events.startRelay({ db, schema: parts.name, service: parts.name, ...parts.relay });
    let jobs: readonly PeriodicJob[] = [];
    // Registered before the routes, as the relay it stops was started before them.
    app.addHook('onClose', async () => {
      await Promise.all(jobs.map((job) => job.stop()));
      await relay.stop();
    });
    await registerServiceHandlers(platform, { schema: parts.name, db }, withDataRights(parts.name, parts.handlers(ctx), parts.dataRights?.(ctx)));
    await parts.watches?.(ctx, wiring);
    for (const route of parts.routes) {
      if (typeof route === 'function') await app.register(route, { ctx });
      else await app.register(route.plugin, route.options(ctx));
    }
    jobs = parts.jobs?.(ctx, wiring) ?? [];
  };
}
