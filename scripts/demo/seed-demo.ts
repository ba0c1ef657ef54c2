// `npm run seed:demo [-- --citizens N] [--seed S] [--url URL]`: fills the application with a
// believable platform (plan.ts says what) by driving the public API the way citizens do
// (citizen-steps.ts), so every read model, tally, count and ledger balance is the services' own work.
// Two ways in, the same steps:
// - without --url, the embedded profile's DATA_DIR, with every service mounted in this process
//   (in-process.ts; the application must be stopped);
// - with --url, a running deployment through its gateway over HTTP (over-http.ts), e.g. the
//   distributed profile of `npm run start:distributed`.
// Idempotent: the same options give the same plan, and a second run writes nothing. At the end it
// waits until the events of the writes are delivered.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCitizenSteps, type SeedDemoSummary } from './citizen-steps.ts';
import { inProcessTransport } from './in-process.ts';
import { overHttpTransport } from './over-http.ts';
import type { DemoTransport } from './transport.ts';

export type { SeedDemoSummary } from './citizen-steps.ts';

interface CommonOptions {
  citizens: number;
  seed?: number;
  log?: (line: string) => void;
  /** How long to wait for the events to be delivered at the end (default 300 s). */
  settleTimeoutMs?: number;
}

export interface SeedEmbeddedOptions extends CommonOptions {
  /** The embedded profile's data directory (the one `npm start` uses). */
  dataDir: string;
  /** Extra environment of the in-process application (e.g. ADMIN_EMAILS); the seed's own settings win. */
  env?: NodeJS.ProcessEnv;
}

export interface SeedDeploymentOptions extends CommonOptions {
  /** A running deployment's gateway. */
  url: string;
  /** Where its auth service's file mailer writes (MAIL_TRANSPORT=file). */
  mailDir: string;
  /** Where the citizens' sessions are kept between runs (mode 0600). */
  sessionsFile: string;
}

export type SeedDemoOptions = SeedEmbeddedOptions | SeedDeploymentOptions;

export async function seedDemo(options: SeedDemoOptions): Promise<SeedDemoSummary> {
  const started = Date.now();
  const log = (line: string) => options.log?.(`${line} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const transport: DemoTransport = 'url' in options ? await overHttpTransport(options) : await inProcessTransport(options);
  try {
    log(`  ${transport.target} answers`);
    const { summary, seeded } = await runCitizenSteps(transport, { citizens: options.citizens, seed: options.seed }, log);
    await transport.afterWrites();
    log('  waiting for the events to be delivered (credits, counts, activities)...');
    await transport.settle(seeded, options.settleTimeoutMs ?? 300_000);
    log('  delivered');
    return summary;
  } finally {
    await transport.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      citizens: { type: 'string', default: '300' },
      seed: { type: 'string', default: '2026' },
      url: { type: 'string' },
      'mail-dir': { type: 'string' },
      sessions: { type: 'string' },
    },
  });
  const dataDir = resolve(process.env.DATA_DIR ?? 'data');
  const common = { citizens: Number(values.citizens), seed: Number(values.seed), log: console.log };
  let options: SeedDemoOptions;
  if (values.url) {
    const mailDir = resolve(values['mail-dir'] ?? resolve(dataDir, 'mail'));
    options = { ...common, url: values.url, mailDir, sessionsFile: resolve(values.sessions ?? resolve(dataDir, 'demo-sessions.json')) };
    console.log(`Seeding a demo platform of ${values.citizens} citizens into ${values.url} (sign-in codes read from ${mailDir})...`);
  } else {
    if ((process.env.PROFILE ?? 'embedded') !== 'embedded') {
      console.error(
        'Without --url, npm run seed:demo fills the embedded profile; for a running deployment give its gateway: -- --url http://localhost:3000 (docs/demo-data.md).',
      );
      process.exit(1);
    }
    options = { ...common, dataDir };
    console.log(`Seeding a demo platform of ${values.citizens} citizens into ${dataDir} (the application must be stopped)...`);
  }
  try {
    await seedDemo(options);
    console.log(values.url ? 'Done.' : 'Done. Start the application with npm start.');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
