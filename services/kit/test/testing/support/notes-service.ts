// A throwaway service for the test harness's own tests: a route per kind of caller, one event it
// publishes, one it consumes (a label "poison" fails for good), a request it makes of another service
// and one it answers. Its migrations are the kit's tables plus its notes, written to a temporary folder.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { defineEvent } from '@civic/contracts/shared/define-event';
import { defineRequest } from '@civic/contracts/shared/define-request';
import type { FastifyInstance } from 'fastify';
import type { SqlDriver } from '../../../src/db/sql-driver.ts';
import { defineService, type Platform, requireActiveUser, requireUser } from '../../../src/index.ts';
import {
  deadLetterMigrationStatements,
  enqueueEvent,
  outboxMigrationStatements,
  PoisonEventError,
  responder,
  serviceEvents,
  subscription,
} from '../../../src/events/index.ts';

export const NoteAdded = defineEvent('civic.notes.note.added', 1, z.object({ noteId: z.string().uuid(), authorId: z.string().uuid(), text: z.string() }));
export const ThingHappened = defineEvent('civic.elsewhere.thing.happened', 1, z.object({ label: z.string() }));
export const NeverConsumed = defineEvent('civic.elsewhere.other.happened', 1, z.object({ label: z.string() }));
export const Quote = defineRequest('rpc.elsewhere.quote', z.object({ n: z.number() }), z.object({ quote: z.string() }), ['notes']);
export const CountNotes = defineRequest('rpc.notes.count', z.object({}), z.object({ notes: z.number() }), ['elsewhere']);

async function migrationsDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'civic-notes-migrations-'));
  await mkdir(join(dir, '20260101000000_init'));
  const statements = [
    ...outboxMigrationStatements('notes'),
    ...deadLetterMigrationStatements('notes'),
    'CREATE TABLE notes.notes (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), author_id uuid, text text NOT NULL)',
  ];
  await writeFile(join(dir, '20260101000000_init', 'migration.sql'), statements.map((s) => `${s};`).join('\n'));
  return dir;
}

interface NotesContext {
  db: SqlDriver;
  platform: Platform;
}

async function notesRoutes(app: FastifyInstance, { ctx: { db, platform } }: { ctx: NotesContext }) {
  app.get('/api/notes/me', { config: { auth: 'user' } }, async (request) => request.identity);
  app.get('/api/notes', { config: { auth: 'none' } }, async () => db.query('SELECT text FROM notes.notes ORDER BY text'));
  app.get('/api/notes/database', { config: { auth: 'none' } }, async () => (await db.query<{ name: string }>('SELECT current_database() AS name'))[0]);
  app.post('/api/notes', { config: { auth: 'active-user' } }, async (request) => {
    const authorId = requireActiveUser(request);
    const text = (request.body as { text: string }).text;
    return db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string }>('INSERT INTO notes.notes (author_id, text) VALUES ($1::uuid, $2) RETURNING id', [authorId, text]);
      await enqueueEvent(tx, 'notes', NoteAdded, { noteId: row!.id, authorId, text });
      return { id: row!.id };
    });
  });
  app.get('/api/notes/quote', { config: { auth: 'user' } }, async (request) => {
    requireUser(request);
    return platform.requests.request(Quote, { n: 7 }, { identity: request.identity, caller: 'notes' });
  });
}

export const notesService = defineService({
  name: 'notes',
  migrations: await migrationsDir(),
  publishingDb: serviceEvents('notes').publishingDb,
  context: ({ db, platform }): NotesContext => ({ db, platform }),
  handlers: ({ db }) => ({
    subscriptions: [
      subscription(ThingHappened, async ({ label }, { tx }) => {
        if (label === 'poison') throw new PoisonEventError('a poison label');
        await tx.execute('INSERT INTO notes.notes (text) VALUES ($1)', [`heard: ${label}`]);
      }),
    ],
    responders: [
      responder(CountNotes, async () => {
        const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes.notes');
        return { notes: row!.n };
      }),
    ],
  }),
  routes: [notesRoutes],
});
