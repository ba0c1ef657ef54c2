// Seeds the briefing service's database for its benchmark (issue 17): members with names, the
// priorities read model, and documents of about 1 KB of English words, all in set-based SQL.
//
//   node --import tsx bench/seed-briefing.ts [databaseUrl] [documents]
//   (default: the distributed profile's civic_briefing, 100,000 documents)
//
// Words are drawn from VOCABULARY with a Zipf-like law (rank r with probability ~ 1/r: the index is
// exp(random * ln n)), as in real prose: "the" and "of" are everywhere, a topic word such as
// "housing" is in a large share of the documents, and one of RARE_WORDS in each (about 1% each). So a one-word
// search meets the spread of match counts real documents give, not one word in every row.
//
// The trigram GIN index is dropped for the load and built again after it, with the
// definitions the migration gave them (read from pg_indexes), as pg_restore does: building a GIN
// index once is many times faster than updating it for each of 100,000 rows (fastupdate is off).
import pg from 'pg';

export const SEED_AUTHORS = 5_000;
const SEED_PRIORITIES = 1_000;

/** The seeded author's id for index i (the benchmark's sessions act as other users). */
export function seededAuthorId(i: number): string {
  return `20000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
}

/** Most frequent first: function words, then the civic vocabulary of the product, then rarer words. */
export const VOCABULARY: readonly string[] = `
  the of and to a in for is that on with as by are this be it from at or we should will more their our can has
  have not public people state federal funding communities support policy government new local program year
  citizens national congress must health care education schools tax budget families workers jobs economy housing
  costs access rural cities infrastructure roads bridges water energy climate security veterans seniors children
  students teachers hospitals clinics insurance prices wages small business trade farmers food safety police
  courts justice voting elections transparency accountability reform plan proposal evidence data research report
  analysis study shows million billion percent since last decade increase reduce protect expand invest improve
  fund build repair train hire pay cut raise transit rail broadband internet affordable childcare pensions
  medicare medicaid prescription drugs opioid treatment mental addiction homelessness shelter rent mortgage
  loans debt deficit spending revenue audit oversight agency regulation permits zoning wildfire drought flood
  hurricane disaster relief emergency pollution emissions solar wind nuclear grid pipeline coastal fisheries
  forests parks libraries apprenticeships tuition scholarships literacy nutrition vaccines pandemic preparedness
  cybersecurity privacy immigration border asylum naturalization census redistricting lobbying ethics
  procurement contractors tariffs exports manufacturing semiconductors automation unions overtime minimum
  retirement disability caregivers postal airports ports freight highways tolls potholes stormwater wastewater
  lead pipes aquifers watershed estuaries wetlands reforestation composting microgrids geothermal hydropower
  ombudsman filibuster appropriations earmarks sequestration subpoena
`
  .trim()
  .split(/\s+/);

/** The long tail: each document gets one of these, uniformly, so each is in about 1% of them. */
export const RARE_WORDS: readonly string[] = `
  abatement adjudication aeronautics agronomy allotment amortization annexation antitrust arbitration
  archipelago audiology ballast bankruptcy biodiversity bipartisan bylaws cadastral canal carpool catchment
  certiorari chiropractic cloture cogeneration commissary conservancy copyright culvert custodial dairy
  dentistry desalination dredging easement electrification embargo encryption endowment epidemiology escrow
  ferries fiduciary floodplain forensics franchise gerrymandering glaciers granary groundwater hatchery heirloom
  hospice hydrology impoundment incineration indemnity irrigation jurisdiction kindergarten landfill levee
  lighthouse livestock mediation midwifery moratorium municipal notary orchards orthodontics paleontology
  paratransit patents pediatrics pharmacists plebiscite quarantine railcars rangeland recycling referendum
  remediation riparian salinity sanitation seismic sharecropping siltation sovereignty stipend subsidence
  tenancy tideland tribunal turbines underwriting vineyards viaduct warranty zoonotic
`
  .trim()
  .split(/\s+/);

export interface BriefingSeedOptions {
  documents: number;
  log?: (line: string) => void;
}

const BATCH = 10_000;

export async function seedBriefing(databaseUrl: string, options: BriefingSeedOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = Date.now();
    await client.query(
      `INSERT INTO briefing.members (user_id, first_name, last_name)
       SELECT ('20000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'Citizen', 'No. ' || i
       FROM generate_series(0, $1::int - 1) AS i ON CONFLICT DO NOTHING`,
      [SEED_AUTHORS],
    );
    await client.query(
      `INSERT INTO briefing.priorities (priority_id, title, created_at)
       SELECT ('30000000-0000-4000-8000-' || lpad(to_hex(p), 12, '0'))::uuid, 'Seeded priority number ' || p, now() - make_interval(days => 1)
       FROM generate_series(0, $1::int - 1) AS p ON CONFLICT DO NOTHING`,
      [SEED_PRIORITIES],
    );
    const trigram = await client.query<{ indexdef: string; indexname: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'briefing' AND tablename = 'documents' AND indexdef LIKE '%gin_trgm_ops%'",
    );
    for (const { indexname } of trigram.rows) await client.query(`DROP INDEX briefing."${indexname}"`);
    // One document every 30 s going back from now: 100,000 span ~35 days, so "added today" holds ~2,900.
    for (let from = 0; from < options.documents; from += BATCH) {
      await client.query(
        `WITH vocabulary AS (SELECT $3::text[] AS w, ln(cardinality($3::text[]) + 1) AS ln_n)
         INSERT INTO briefing.documents (id, title, content, type, priority_id, author_id, is_public, created_at)
         SELECT ('40000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
                initcap(t.words),
                c.words || ' ' || ($6::text[])[1 + floor(random() * cardinality($6::text[]))::int + 0 * g] || '.',
                (ARRAY['talking_point', 'document', 'research'])[1 + g % 3],
                CASE WHEN g % 5 = 0 THEN ('30000000-0000-4000-8000-' || lpad(to_hex(g % $4::int), 12, '0'))::uuid END,
                ('20000000-0000-4000-8000-' || lpad(to_hex(g % $5::int), 12, '0'))::uuid,
                true,
                now() - make_interval(secs => g * 30)
         FROM vocabulary v, generate_series($1::int, $2::int - 1) AS g,
         -- Each lateral reads g, so it is drawn again for every document; 0 * i keeps the aggregate at its own level.
         LATERAL (SELECT string_agg(v.w[floor(exp(random() * v.ln_n))::int + 0 * i], ' ') AS words FROM generate_series(1, 5 + g % 5) AS i) t,
         LATERAL (SELECT string_agg(v.w[floor(exp(random() * v.ln_n))::int + 0 * i], ' ') AS words FROM generate_series(1, 170 + g % 40) AS i) c`,
        [from, Math.min(from + BATCH, options.documents), VOCABULARY, SEED_PRIORITIES, SEED_AUTHORS, RARE_WORDS],
      );
    }
    log(`  ${options.documents.toLocaleString('en-US')} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const indexed = Date.now();
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const { indexdef } of trigram.rows) await client.query(indexdef);
    log(`  trigram indexes built in ${((Date.now() - indexed) / 1000).toFixed(1)} s`);
    // VACUUM as well as ANALYZE (see bench/seed-priorities.ts): visibility and hint bits set now, not by the measured reads.
    for (const table of ['documents', 'members', 'priorities']) await client.query(`VACUUM (ANALYZE) briefing.${table}`);
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

/** How many seeded documents contain `word` in title or content (as the search matches it). */
export async function documentsContaining(databaseUrl: string, word: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pattern = `%${word}%`;
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM briefing.documents WHERE search_text LIKE lower($1)', [pattern]);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [url = 'postgresql://postgres@127.0.0.1:5432/civic_briefing', documents = '100000'] = process.argv.slice(2);
  await seedBriefing(url, { documents: Number(documents), log: console.log });
}
