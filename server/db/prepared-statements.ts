import type pg from "pg";

const names = new Map<string, string>();

/**
 * Marks the text of a statement that runs on every request of a hot path. On PostgreSQL each
 * connection then parses and plans it once, as a named prepared statement, instead of on every run
 * (a quarter of the database's work for the contact form's insert, docs/decisions/140); the embedded
 * database runs it as any other. Returns the text unchanged. Only for statements that return no
 * rows: a prepared statement whose result columns change under it (a migration run by another
 * instance) fails until the connection is renewed.
 */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `prepared_${names.size + 1}`);
  return text;
}

/** pg's client class, running the statements marked by `prepared` as named prepared statements. */
export function preparingClient(Client: typeof pg.Client): typeof pg.Client {
  return class PreparingClient extends Client {
    // biome-ignore lint/suspicious/noExplicitAny: forwards each of pg's query overloads unchanged
    override query(config: any, values?: any, callback?: any): any {
      const name = typeof config === "string" ? names.get(config) : undefined;
      return name ? super.query({ name, text: config, values }, callback) : super.query(config, values, callback);
    }
  };
}
