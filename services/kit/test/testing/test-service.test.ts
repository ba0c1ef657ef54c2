// The one-service harness (@civic/service-kit/testing) against a throwaway service: callers carry the
// identity the gateway would sign, the test sees what the service published and delivers what it
// consumes, and answers (or leaves unanswered) the requests it makes of other services.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import { listDatabases } from '../../src/db/index.ts';
import { generateIdentityKeyPair, sha256 } from '../../src/index.ts';
import { createIdentitySigner } from '../../src/http/internal-identity.ts';
import { buildTestService, useTestService } from '../../src/testing.ts';
import { CountNotes, NeverConsumed, NoteAdded, notesService, Quote, ThingHappened } from './support/notes-service.ts';

const SERVER = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

describe('test service harness', () => {
  // PGlite here; the suite below runs the service on PostgreSQL.
  const service = useTestService(notesService, { database: 'pglite' });

  test('asUser, asAdmin, asVisitor: the identity the gateway would sign, checked by the service', async () => {
    const id = randomUUID();
    const user = await service.asUser(id, { ip: '10.1.2.3' }).get('/api/notes/me');
    assert.equal(user.status, 200, user.text);
    assert.deepEqual(user.body, { userId: id, isAdmin: false, isBanned: false, ip: '10.1.2.3' });
    const admin = await service.asAdmin(id).get('/api/notes/me');
    assert.equal(admin.body.isAdmin, true);
    assert.equal((await service.asVisitor().get('/api/notes/me')).status, 401);
    assert.equal((await service.withoutIdentity().get('/api/notes/me')).status, 401);
    assert.equal((await service.withoutIdentity().get('/api/notes')).status, 401, 'no route answers without the identity header');
    const banned = await service.asUser(id, { isBanned: true }).post('/api/notes', { text: 'no' });
    assert.equal(banned.status, 403, banned.text);
    const pending = await service.asUser(id, { isPending: true }).post('/api/notes', { text: 'no' });
    assert.equal(pending.status, 403, pending.text);
  });

  test("asBrowser: a visitor until its session cookie names a session in the service's store, then that session's user, until it ends", async () => {
    const browser = service.asBrowser('10.9.8.7');
    assert.equal((await browser.get('/api/notes/me')).status, 401);
    const userId = randomUUID();
    const sessionId = randomUUID();
    const now = service.platform.clock.now().getTime();
    await service.platform.sessions.create(sha256(sessionId), {
      userId,
      isAdmin: false,
      isBanned: true,
      isPending: false,
      standingVersion: 1,
      createdAt: now,
      expiresAt: now + 60_000,
    });
    browser.cookies.set('sid', sessionId);
    const me = await browser.get('/api/notes/me');
    assert.equal(me.status, 200, me.text);
    assert.deepEqual(me.body, { userId, isAdmin: false, isBanned: true, ip: '10.9.8.7' });
    assert.equal((await service.asBrowser().get('/api/notes/me')).status, 401, 'another browser has no cookie');
    await service.platform.sessions.delete(sha256(sessionId));
    assert.equal((await browser.get('/api/notes/me')).status, 401, 'a session gone from the store is a visitor again');
  });

  test("an identity signed with a key other than the gateway's is refused", async () => {
    const other = createIdentitySigner(generateIdentityKeyPair().privateKey);
    const identity = { userId: randomUUID(), isAdmin: true, isBanned: false, ip: '10.0.0.1' };
    const forged = await service.withoutIdentity().get('/api/notes/me', { headers: { 'x-civic-identity': other(identity, 'notes') } });
    assert.equal(forged.status, 401);
  });

  test('events.published and waitFor: what the service published, after its transaction committed', async () => {
    const author = randomUUID();
    const before = service.events.published(NoteAdded).length;
    const created = await service.asUser(author).post('/api/notes', { text: 'first' });
    assert.equal(created.status, 200, created.text);
    const event = await service.events.waitFor(NoteAdded, (p) => p.noteId === created.body.id);
    assert.deepEqual(event.payload, { noteId: created.body.id, authorId: author, text: 'first' });
    assert.equal(service.events.published(NoteAdded).length, before + 1);
    await assert.rejects(
      service.events.waitFor(NoteAdded, (p) => p.text === 'never written', 50),
      /published no matching civic\.notes\.note\.added/,
    );
  });

  test('events.deliver: handled before it resolves; refused for an event the service does not consume or cannot handle', async () => {
    const envelope = await service.events.deliver(ThingHappened, { label: 'a bell' });
    assert.equal(envelope.subject, ThingHappened.subject);
    const notes = await service.asVisitor().get('/api/notes');
    assert.ok(
      notes.body.some((n: { text: string }) => n.text === 'heard: a bell'),
      notes.text,
    );
    // Delivered again (the same id): the service's inbox makes it a no-op, as a redelivery is.
    await service.events.deliver(ThingHappened, { label: 'a bell' }, { id: envelope.id });
    const again = await service.asVisitor().get('/api/notes');
    assert.equal(again.body.filter((n: { text: string }) => n.text === 'heard: a bell').length, 1);
    await assert.rejects(service.events.deliver(NeverConsumed, { label: 'x' }), /notes does not subscribe to civic\.elsewhere\.other\.happened v1/);
    await assert.rejects(
      service.events.deliver(ThingHappened, { label: 'poison' }),
      /notes did not handle civic\.elsewhere\.thing\.happened: .*a poison label/,
    );
    assert.equal(service.events.published(ThingHappened).length, 0, 'a delivered event is not one the service published');
  });

  test('events.deliverAll: a lot of one kind, each handled before it resolves; a failed one rejects the lot', async () => {
    const labels = ['a drum', 'a horn', 'a gong'];
    const envelopes = await service.events.deliverAll(
      ThingHappened,
      labels.map((label) => ({ label })),
    );
    assert.equal(new Set(envelopes.map((e) => e.id)).size, 3);
    const heard = (await service.asVisitor().get('/api/notes')).body.map((n: { text: string }) => n.text);
    for (const label of labels) assert.ok(heard.includes(`heard: ${label}`), label);
    await assert.rejects(
      service.events.deliverAll(ThingHappened, [{ label: 'a bell again' }, { label: 'poison' }]),
      /notes did not handle civic\.elsewhere\.thing\.happened: .*a poison label/,
    );
  });

  test('requests: unanswered is the 503 of a responder that is down; answered, recorded, silenced', async () => {
    const user = service.asUser(randomUUID());
    const down = await user.get('/api/notes/quote');
    assert.equal(down.status, 503, down.text);
    assert.equal(down.body.message, 'The elsewhere service could not answer right now. Please try again.');
    await service.requests.answer(Quote, async ({ n }) => ({ quote: `quote ${n}` }));
    const answered = await user.get('/api/notes/quote');
    assert.equal(answered.status, 200, answered.text);
    assert.deepEqual(answered.body, { quote: 'quote 7' });
    const asked = service.requests.asked(Quote);
    assert.deepEqual(
      asked.map((ask) => [ask.payload, ask.identity.userId]),
      [[{ n: 7 }, user.identity.userId]],
    );
    await service.requests.answer(Quote, async () => ({ quote: 'replaced' }));
    assert.deepEqual((await user.get('/api/notes/quote')).body, { quote: 'replaced' });
    // A reply outside the contract is refused as on NATS.
    await service.requests.answer(Quote, async () => ({ quote: 42 }) as never);
    assert.equal((await user.get('/api/notes/quote')).status, 503);
    service.requests.silence(Quote);
    assert.equal((await user.get('/api/notes/quote')).status, 503);
    assert.equal(service.requests.asked(Quote).length, 4);
  });

  test("the service's own responders answer on the same bus; the test may not answer for them", async () => {
    const reply = await service.platform.requests.request(
      CountNotes,
      {},
      { identity: { userId: null, isAdmin: false, isBanned: false, ip: '127.0.0.1' }, caller: 'elsewhere' },
    );
    assert.ok(reply.notes >= 1, JSON.stringify(reply));
    await assert.rejects(
      service.requests.answer(CountNotes, async () => ({ notes: 0 })),
      /rpc\.notes\.count already has a responder/,
    );
  });
});

describe('test service harness on PostgreSQL', () => {
  test("database: 'postgres' keeps the service's tables in a fresh PostgreSQL database, dropped on close", async () => {
    const service = await buildTestService(notesService, { database: 'postgres' });
    let database: string;
    try {
      const created = await service.asUser(randomUUID()).post('/api/notes', { text: 'on a server' });
      assert.equal(created.status, 200, created.text);
      await service.events.waitFor(NoteAdded, (p) => p.noteId === created.body.id);
      database = (await service.asVisitor().get('/api/notes/database')).body.name;
      assert.match(database, /^civic_s[0-9a-f]{8}_notes$/);
      assert.deepEqual(await listDatabases(SERVER, database), [database]);
    } finally {
      await service.close();
    }
    assert.deepEqual(await listDatabases(SERVER, database), [], 'dropped with the service');
  });
});
