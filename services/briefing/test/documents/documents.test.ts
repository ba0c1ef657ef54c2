// Briefing documents from the briefing service alone (spec 2.8, 2.14, 3 "Briefing document", 5
// "Briefing document", 7.3, 7.4): every rule with its message, the list's search, type filter, order
// and paging, the tiles, the guards (visitor 401, banned 403), a removed priority (issue 20) and the
// moderation list (spec 7.4). What a document's events do in the ledger, social and priorities stays
// on a stack: services/briefing/test/briefing.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import {
  BRIEFING_LIST_DEPTH_MESSAGE,
  BRIEFING_MESSAGES as M,
  PRIORITIES_REQUESTS,
  prioritiesEvents,
  ZBriefingDocStats,
  ZBriefingDocument,
  type TBriefingDocStats,
  type TBriefingDocument,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { useTestService } from '@civic/service-kit/testing';
import { briefingService, MIGRATIONS_DIR } from '../../src/app.ts';
import { addMember, type Member } from '../../../priorities/test/support/priorities-service.ts';
import { createDocument, documentBody, listDocuments, messageOf, pollUntil, postDocument, TEST_ENV, uniqueWord } from '../support/briefing-helpers.ts';

/** Newest first, the id breaking a tie of times (as the list orders). */
const newestFirst = (docs: TBriefingDocument[]) =>
  [...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((d) => d.id);

describe('briefing documents', () => {
  let ada: Member;
  let tables: SqlDriver;
  const service = useTestService(briefingService, { env: TEST_ENV });
  before(async () => {
    // Ada writes more than a day's documents here; the limit itself is tested in services/ledger/test/earning-bounds.test.ts.
    service.platform.settings.set('max_briefing_docs_per_user_per_day', '1000');
    tables = (await service.platform.databases.open('briefing', MIGRATIONS_DIR)).driver;
    // A priority briefing has not heard of is asked of priorities, which knows none here.
    await service.requests.answer(PRIORITIES_REQUESTS.lookup, async () => ({ priority: null }));
    ada = await addMember(service, 'Ada', 'Lovelace');
  });

  test('creating a document answers it: defaults, the author, public, content verbatim', async () => {
    const content = '  <script>alert(1)</script> & "quotes"\n\tkept exactly as sent, blanks too  ';
    const answer = await postDocument(ada.client, { title: '  Five words about budgets  ', content });
    assert.equal(answer.status, 200, answer.text);
    const doc = ZBriefingDocument.parse(answer.body);
    assert.equal(doc.title, 'Five words about budgets', 'the title is trimmed');
    assert.equal(doc.content, content, 'the content is stored verbatim');
    assert.equal(doc.type, 'talking_point', 'the default type');
    assert.equal(doc.priorityId, null);
    assert.equal(doc.priorityTitle, null);
    assert.equal(doc.authorId, ada.id);
    assert.deepEqual(doc.author, { firstName: 'Ada', lastName: 'Lovelace' });
    assert.equal(doc.isPublic, true);
    assert.ok(Math.abs(Date.parse(doc.createdAt) - Date.now()) < 60_000);
    const listed = (await listDocuments(ada.client, '?limit=50')).find((d) => d.id === doc.id);
    assert.deepEqual(listed, doc, 'the list shows it exactly as created');
    for (const type of ['document', 'research', 'talking_point'] as const) {
      assert.equal((await createDocument(ada.client, { type })).type, type);
    }
  });

  test('every rule of spec 5 with its message, and the bounds that pass', async () => {
    const unknownPriority = randomUUID();
    const refusals: [Record<string, unknown>, string][] = [
      [{ title: 'Four' }, M.titleTooShort],
      [{ title: '   abcd    ' }, M.titleTooShort],
      [{ title: 'x'.repeat(201) }, M.titleTooLong],
      [{ title: undefined }, M.titleTooShort],
      [{ content: 'c'.repeat(19) }, M.contentTooShort],
      [{ content: `   ${'y'.repeat(19)}   ` }, M.contentTooShort],
      [{ content: 'z'.repeat(5001) }, M.contentTooLong],
      [{ content: undefined }, M.contentTooShort],
      [{ type: 'memo' }, M.type],
      [{ type: '' }, M.type],
      [{ priorityId: unknownPriority }, M.priorityNotFound],
      [{ priorityId: 'not-a-uuid' }, M.priorityNotFound],
      [{ priorityId: 42 }, M.priorityNotFound],
    ];
    for (const [overrides, message] of refusals) {
      const body = documentBody(overrides);
      for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete body[key];
      const answer = await postDocument(ada.client, body);
      assert.equal(answer.status, 400, `${JSON.stringify(overrides).slice(0, 80)}: ${answer.text}`);
      assert.equal(messageOf(answer), message, JSON.stringify(overrides).slice(0, 80));
    }
    assert.deepEqual(
      service.requests.asked(PRIORITIES_REQUESTS.lookup).map((ask) => ask.payload.priorityId),
      [unknownPriority],
      'a well-formed id briefing has not heard of is asked of priorities, the malformed ones are not',
    );
    assert.equal((await postDocument(ada.client, documentBody({ author: 'someone' }))).status, 400, 'unknown fields are refused');
    for (const overrides of [{ title: 'Five!' }, { title: 't'.repeat(200) }, { content: 'c'.repeat(20) }, { content: 'c'.repeat(5000) }]) {
      assert.equal((await postDocument(ada.client, documentBody(overrides))).status, 200, JSON.stringify(overrides).slice(0, 40));
    }
    for (const none of ['none', '', null]) {
      const answer = await postDocument(ada.client, documentBody({ priorityId: none }));
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.priorityId, null, `${JSON.stringify(none)} means no priority`);
    }
  });

  test('a document may name a priority that exists (read model from priorities events); its title comes with it', async () => {
    const priorityTitle = `Priority for a briefing ${uniqueWord()}`;
    const priorityId = randomUUID();
    await service.events.deliver(prioritiesEvents.PriorityCreated, { priorityId, authorId: ada.id, title: priorityTitle, createdAt: new Date().toISOString() });
    const doc = await createDocument(ada.client, { priorityId: priorityId.toUpperCase() });
    assert.equal(doc.priorityId, priorityId);
    assert.equal(doc.priorityTitle, priorityTitle, 'the card shows the linked priority by its title');
    const listed = (await listDocuments(ada.client, '?limit=50')).find((d) => d.id === doc.id);
    assert.equal(listed?.priorityTitle, priorityTitle, 'the list answers the title too');
  });

  test('visitors get 401, banned users 403 on create (they may still read)', async () => {
    const visitor = service.asVisitor();
    assert.equal((await visitor.get('/api/briefing-docs')).status, 401);
    assert.equal((await visitor.get('/api/briefing-docs/stats')).status, 401);
    assert.equal((await postDocument(visitor, documentBody())).status, 401);
    const banned = service.asUser(ada.id, { isBanned: true });
    const title = `Banned ${uniqueWord()}`;
    const refused = await postDocument(banned, documentBody({ title }));
    assert.equal(refused.status, 403, refused.text);
    assert.equal((await banned.get('/api/briefing-docs')).status, 200);
    const [row] = await tables.query<{ n: number }>('SELECT count(*)::int AS n FROM briefing.documents WHERE title = $1', [title]);
    assert.equal(Number(row!.n), 0, 'nothing was recorded');
  });

  test('search matches title or content, any case, literally; type filters; newest first', async () => {
    const word = uniqueWord();
    const inTitle = await createDocument(ada.client, { title: `About ${word} in the title`, type: 'research' });
    const inContent = await createDocument(ada.client, { content: `The content mentions ${word.toUpperCase()} somewhere inside.`, type: 'document' });
    const both = await createDocument(ada.client, { title: `${word} twice`, content: `And ${word} in the content as well, really.` });
    const literal = await createDocument(ada.client, { title: 'Unrelated title here', content: `Only literally: ${word.slice(0, -1)}_ percent %` });

    const found = await listDocuments(ada.client, `?search=${word}`);
    assert.deepEqual(
      found.map((d) => d.id),
      newestFirst([inTitle, inContent, both]),
    );
    assert.deepEqual(
      (await listDocuments(ada.client, `?search=${word.toUpperCase()}&type=research`)).map((d) => d.id),
      [inTitle.id],
    );
    assert.deepEqual(
      (await listDocuments(ada.client, `?search=${word}&type=talking_point`)).map((d) => d.id),
      [both.id],
    );
    assert.deepEqual(await listDocuments(ada.client, `?search=${word}%25`), [], '% is taken literally');
    assert.deepEqual(
      (await listDocuments(ada.client, `?search=${word.slice(0, -1)}_`)).map((d) => d.id),
      [literal.id],
      '_ is taken literally',
    );
    const all = await listDocuments(ada.client, '?limit=1000');
    assert.deepEqual(
      all.map((d) => d.id),
      newestFirst(all),
      'the whole list is newest first',
    );
    for (const doc of await listDocuments(ada.client, '?type=document&limit=1000')) assert.equal(doc.type, 'document');
  });

  test('paging: limit and offset walk the list without overlap; the bounds are 400s', async () => {
    const word = uniqueWord();
    const created: TBriefingDocument[] = [];
    for (let i = 0; i < 5; i++) created.push(await createDocument(ada.client, { title: `Paged ${word} ${i}` }));
    const pages = [];
    for (const offset of [0, 2, 4]) pages.push(...(await listDocuments(ada.client, `?search=${word}&limit=2&offset=${offset}`)));
    assert.deepEqual(
      pages.map((d) => d.id),
      newestFirst(created),
    );
    assert.equal((await listDocuments(ada.client)).length <= 50, true, 'the default page is 50');
    const refusals: [string, string | undefined][] = [
      ['?limit=0', undefined],
      ['?limit=1001', undefined],
      ['?offset=-1', undefined],
      ['?limit=abc', undefined],
      ['?offset=990&limit=20', BRIEFING_LIST_DEPTH_MESSAGE],
      ['?offset=1000&limit=1', BRIEFING_LIST_DEPTH_MESSAGE],
      ['?type=memo', M.type],
      [`?search=${'s'.repeat(201)}`, undefined],
      ['?sort=recent', undefined],
    ];
    for (const [query, message] of refusals) {
      const answer = await ada.client.get(`/api/briefing-docs${query}`);
      assert.equal(answer.status, 400, `${query}: ${answer.text}`);
      if (message) assert.equal(messageOf(answer), message, query);
    }
    assert.equal((await ada.client.get('/api/briefing-docs?offset=999&limit=1')).status, 200);
  });

  test('the tiles: total, distinct contributors, added in the last 24 hours', async () => {
    const stats = async () => {
      const answer = await ada.client.get<TBriefingDocStats>('/api/briefing-docs/stats');
      assert.equal(answer.status, 200, answer.text);
      return ZBriefingDocStats.parse(answer.body);
    };
    const before = await stats();
    const grace = await addMember(service, 'Grace', 'Hopper');
    const alan = await addMember(service, 'Alan', 'Turing');
    await createDocument(grace.client);
    await createDocument(grace.client);
    await createDocument(alan.client);
    // An old document (written behind the service's back): counted, but not as added today.
    await tables.query(
      `INSERT INTO briefing.documents (id, title, content, type, author_id, created_at)
       VALUES ($1::uuid, 'An older document', 'Written more than a day ago, for the tile.', 'research', $2::uuid, now() - interval '25 hours')`,
      [randomUUID(), randomUUID()],
    );
    assert.deepEqual(await stats(), {
      totalDocuments: before.totalDocuments + 4,
      contributors: before.contributors + 3,
      addedToday: before.addedToday + 3,
    });
  });

  test('a removed priority cannot be named by a new document; documents naming it keep its title', async () => {
    const title = 'Fund the rural broadband buildout';
    const priorityId = randomUUID();
    const created = { priorityId, authorId: ada.id, title };
    await service.events.deliver(prioritiesEvents.PriorityCreated, { ...created, createdAt: new Date().toISOString() });
    const before = await createDocument(ada.client, { priorityId });
    assert.equal(before.priorityTitle, title);

    await service.events.deliver(prioritiesEvents.PriorityRemoved, { ...created, adminId: randomUUID(), removedAt: new Date().toISOString() });
    assert.deepEqual(await tables.query('SELECT removed_at IS NOT NULL AS removed FROM briefing.priorities WHERE priority_id = $1::uuid', [priorityId]), [
      { removed: true },
    ]);
    const refused = await postDocument(ada.client, documentBody({ priorityId }));
    assert.equal(refused.status, 400, refused.text);
    assert.equal(messageOf(refused), M.priorityNotFound);

    const kept = (await listDocuments(ada.client, '?limit=100')).find((d) => d.id === before.id);
    assert.equal(kept?.priorityId, priorityId);
    assert.equal(kept?.priorityTitle, title, 'the existing document keeps the title');
  });

  test("the moderation list (limit=100) shows an administrator's private documents with isPublic false", async () => {
    const admin = service.asUser(randomUUID(), { isAdmin: true });
    const shown = await createDocument(ada.client);
    const hidden = await createDocument(ada.client);
    // Documents are created public (the dialog has no control): one made private directly.
    await tables.query('UPDATE briefing.documents SET is_public = false WHERE id = $1::uuid', [hidden.id]);
    const list = await pollUntil(
      () => listDocuments(admin, '?limit=100'),
      (docs) => docs.find((d) => d.id === hidden.id)?.isPublic === false,
    );
    assert.equal(list.find((d) => d.id === shown.id)?.isPublic, true);
  });
});
