// Schema and consumer names end up inside SQL text and NATS names, so they are checked, not quoted.

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const CONSUMER_NAME = /^[a-z][a-z0-9_-]{0,62}$/;

/** Returns the schema name after checking it is a plain lower-case identifier safe to interpolate. */
export function checkSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name for events: ${JSON.stringify(schema)}`);
  return schema;
}

export function checkConsumerName(consumer: string): string {
  if (!CONSUMER_NAME.test(consumer)) throw new Error(`Invalid event consumer name: ${JSON.stringify(consumer)}`);
  return consumer;
}
