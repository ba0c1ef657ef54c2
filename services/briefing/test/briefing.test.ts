// The briefing service through the gateway on both run profiles (spec 2.8, 2.14, 3 "Briefing
// document", 5 "Briefing document", 6, 7.3, 7.4): every rule with its message, the list's search,
// type filter, order and paging, the tiles, the guards (visitor 401, banned 403, non-admin 403), and
// the events: created (the ledger's +2 PC, social's activity, priorities' Talking Points tile) and
// deleted (with the acting admin's id; priorities' tile and social's activity drop it).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, test } from 'node:test';
import {
  BRIEFING_LIST_DEPTH_MESSAGE,
  BRIEFING_MESSAGES as M,
  ZBriefingDocStats,
  ZBriefingDocument,
  type TActivity,
  type TBriefingDocStats,
  type TBriefingDocument,
  type TPoliticalCapitalTransaction,
} from '@civic/contracts';
import type { SqlDriver } from '@civic/service-kit/db';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { openPrioritiesTables } from '../../priorities/test/support/priorities-helpers.ts';
import {
  createDocument,
  createKnownPriority,
  documentBody,
  listDocuments,
  messageOf,
  openBriefingTables,
  pollUntil,
  postDocument,
  sessionFor,
  signInCitizen,
  TEST_ENV,
  type Citizen,
} from './support/briefing-helpers.ts';

/** Newest first, the id breaking a tie of times (as the list orders). */
const newestFirst = (docs: TBriefingDocument[]) =>
  [...docs].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((d) => d.id);

/** A word no other test's document contains, to list one test's documents only. */
const uniqueWord = () => `w${randomUUID().replaceAll('-', '').slice(0, 12)}`;

for (const { profile, skip } of await profilePlan()) {
  describe(`briefing (${profile})`, { skip }, () => {
    let ada: Citizen;
    let tables: SqlDriver;
    let prioritiesTables: SqlDriver;
    /** Whether priorities counts the document in the Talking Points tile (from briefing's events). */
    const talliedByPriorities = async (documentId: string) =>
      (await prioritiesTables.query('SELECT 1 FROM priorities.briefing_documents WHERE document_id = $1::uuid', [documentId])).length === 1;
    const stack = useStack(profile, { services: ['auth', 'account', 'priorities', 'ledger', 'social', 'briefing'], env: TEST_ENV });
    before(async () => {
      stack.platforms.priorities!.settings.set('max_priorities_per_user_per_day', '1000');
      // Ada writes more than a day's documents here; the limit itself is tested in services/ledger/test/earning-bounds.test.ts.
      stack.platforms.briefing!.settings.set('max_briefing_docs_per_user_per_day', '1000');
      tables = await openBriefingTables(stack);
      prioritiesTables = await openPrioritiesTables(stack);
      ada = await signInCitizen(stack, 'Ada', 'Lovelace');
      // Author names come by account's profile event: wait until briefing has Ada's.
      await pollUntil(
        () => tables.query<{ first_name: string | null }>('SELECT first_name FROM briefing.members WHERE user_id = $1::uuid', [ada.id]),
        (rows) => rows[0]?.first_name === 'Ada',
      );
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
        [{ priorityId: randomUUID() }, M.priorityNotFound],
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
      const priorityId = await createKnownPriority(ada.client, tables, priorityTitle);
      const doc = await createDocument(ada.client, { priorityId: priorityId.toUpperCase() });
      assert.equal(doc.priorityId, priorityId);
      assert.equal(doc.priorityTitle, priorityTitle, 'the card shows the linked priority by its title');
      const listed = (await listDocuments(ada.client, '?limit=50')).find((d) => d.id === doc.id);
      assert.equal(listed?.priorityTitle, priorityTitle, 'the list answers the title too');
    });

    test('visitors get 401, banned users 403 on create (they may still read)', async () => {
      const visitor = stack.client();
      assert.equal((await visitor.get('/api/briefing-docs')).status, 401);
      assert.equal((await visitor.get('/api/briefing-docs/stats')).status, 401);
      assert.equal((await postDocument(visitor, documentBody())).status, 401);
      const banned = await sessionFor(stack, ada.id, { isBanned: true });
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
      const grace = await signInCitizen(stack, 'Grace', 'Hopper');
      const alan = await signInCitizen(stack, 'Alan', 'Turing');
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

    test("a document's event: +2 PC in the ledger, social's activity, the Talking Points tile", async () => {
      const lin = await signInCitizen(stack, 'Lin', 'Briefer');
      const doc = await createDocument(lin.client, { title: 'A talking point that earns' });
      const credits = await pollUntil(
        () => lin.client.get<TPoliticalCapitalTransaction[]>('/api/political-capital/transactions'),
        (r) => r.status === 200 && r.body.some((t) => t.amount === 2),
      );
      assert.equal(credits.body.filter((t) => t.amount === 2).length, 1, 'credited once');
      assert.equal(credits.body.find((t) => t.amount === 2)!.description, 'Created a briefing document');
      const activities = await pollUntil(
        () => lin.client.get<TActivity[]>('/api/activities'),
        (r) => r.status === 200 && r.body.some((a) => a.type === 'create_briefing'),
      );
      assert.match(activities.body.find((a) => a.type === 'create_briefing')!.description, /A talking point that earns/);
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => counted,
      );
    });

    test('administrators delete a document (403 for others); the event names the admin; the tile and the activity follow', async () => {
      const doc = await createDocument(ada.client, { title: `To be deleted ${uniqueWord()}` });
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => counted,
      );
      await pollUntil(
        () => ada.client.get<TActivity[]>('/api/activities?limit=50'),
        (r) => r.status === 200 && r.body.some((activity) => activity.type === 'create_briefing' && activity.description.includes(doc.title)),
      );
      const path = `/api/admin/briefing-docs/${doc.id}`;
      assert.equal((await stack.client().request('DELETE', path)).status, 401, 'visitor');
      const refused = await ada.client.request('DELETE', path);
      assert.equal(refused.status, 403, `the author, not an admin: ${refused.text}`);
      const adminId = randomUUID();
      const admin = await sessionFor(stack, adminId, { isAdmin: true });
      const deleted = await admin.request('DELETE', path);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.body, { message: M.documentDeleted, id: doc.id });
      assert.equal((await admin.request('DELETE', path)).status, 404, 'already gone');
      assert.equal((await admin.request('DELETE', '/api/admin/briefing-docs/not-a-uuid')).status, 404);
      assert.equal(
        (await listDocuments(ada.client, '?limit=1000')).some((d) => d.id === doc.id),
        false,
      );
      const [event] = await tables.query<{ payload: Record<string, unknown> }>(
        `SELECT payload FROM briefing.outbox WHERE subject = 'civic.briefing.document.deleted' AND payload->>'documentId' = $1`,
        [doc.id],
      );
      // The origin of the request (issue 35 item 8): the client's address, the request id the gateway answered.
      const origin = { ip: admin.ip, requestId: deleted.headers.get('x-request-id') };
      assert.deepEqual(
        { ...event!.payload, deletedAt: undefined },
        { documentId: doc.id, authorId: ada.id, title: doc.title, adminId, deletedAt: undefined, origin },
      );
      await pollUntil(
        () => talliedByPriorities(doc.id),
        (counted) => !counted,
      );
      await pollUntil(
        () => ada.client.get<TActivity[]>('/api/activities?limit=50'),
        (r) => r.status === 200 && !r.body.some((activity) => activity.type === 'create_briefing' && activity.description.includes(doc.title)),
      );
    });
  });
}
