// Compares a migrated database with its schema.prisma, so hand-written SQL migrations and the Prisma
// models cannot drift apart unnoticed (NOTES-ENV.md). Uses Prisma's offline wasm DMMF.
import { readFile } from 'node:fs/promises';
import wasm from '@prisma/prisma-schema-wasm';
import type { SqlDriver } from '@civic/service-kit/db';

/** Tables the kit manages with raw SQL (services/kit/migrations); they have no Prisma model on purpose. */
export const UNMODELLED_TABLES = new Set(['_prisma_migrations', '_kit_migrations', 'outbox', 'processed_events', 'dead_letters']);

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isRequired: boolean;
  isList: boolean;
  nativeType?: [string, string[]] | null;
}
interface DmmfModel {
  name: string;
  dbName?: string | null;
  schema?: string | null;
  fields: DmmfField[];
}

const PG_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Boolean: 'boolean',
  DateTime: 'timestamp with time zone',
  Json: 'jsonb',
  Float: 'double precision',
  Decimal: 'numeric',
  Bytes: 'bytea',
};
const NATIVE_TYPES: Record<string, string> = {
  Uuid: 'uuid',
  Timestamptz: 'timestamp with time zone',
  Timestamp: 'timestamp without time zone',
  Text: 'text',
  Integer: 'integer',
  SmallInt: 'smallint',
  Date: 'date',
};

function expectedType(field: DmmfField): string {
  // A list (e.g. uuid[]) is an ARRAY to information_schema; its element type is not compared.
  if (field.isList) return 'ARRAY';
  const native = field.nativeType?.[0];
  if (native && NATIVE_TYPES[native]) return NATIVE_TYPES[native]!;
  return PG_TYPES[field.type] ?? field.type;
}

export async function findSchemaDrift(schemaPrismaPath: string, driver: SqlDriver, schema: string): Promise<string[]> {
  const prismaSchema = await readFile(schemaPrismaPath, 'utf8');
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema }))) as { datamodel: { models: DmmfModel[] } };
  const columns = await driver.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = $1`,
    [schema],
  );
  const actual = new Map<string, Map<string, { type: string; nullable: boolean }>>();
  for (const c of columns) {
    if (!actual.has(c.table_name)) actual.set(c.table_name, new Map());
    actual.get(c.table_name)!.set(c.column_name, { type: c.data_type, nullable: c.is_nullable === 'YES' });
  }
  const drift: string[] = [];
  const modelled = new Set<string>();
  for (const model of dmmf.datamodel.models) {
    if ((model.schema ?? schema) !== schema) continue;
    const table = model.dbName ?? model.name;
    modelled.add(table);
    const tableColumns = actual.get(table);
    if (!tableColumns) {
      drift.push(`table ${schema}.${table} (model ${model.name}) is missing from the database`);
      continue;
    }
    const seen = new Set<string>();
    for (const field of model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum')) {
      const column = field.dbName ?? field.name;
      seen.add(column);
      const found = tableColumns.get(column);
      if (!found) {
        drift.push(`column ${table}.${column} (${model.name}.${field.name}) is missing from the database`);
        continue;
      }
      if (found.type !== expectedType(field)) drift.push(`column ${table}.${column} is ${found.type}, the model says ${expectedType(field)}`);
      if (found.nullable === field.isRequired) {
        drift.push(`column ${table}.${column} is ${found.nullable ? 'nullable' : 'NOT NULL'}, the model says ${field.isRequired ? 'required' : 'optional'}`);
      }
    }
    for (const column of tableColumns.keys()) {
      if (!seen.has(column)) drift.push(`column ${table}.${column} exists in the database but not in model ${model.name}`);
    }
  }
  for (const table of actual.keys()) {
    if (!modelled.has(table) && !UNMODELLED_TABLES.has(table)) drift.push(`table ${schema}.${table} has no model`);
  }
  return drift;
}
