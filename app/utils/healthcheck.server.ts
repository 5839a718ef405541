import { db, type DB } from "./db.server";

const statements = new WeakMap<object, { get(): unknown }>();

/** Liveness: the database can be read (one prepared `select 1`, kept per connection). */
export function databaseAnswers(database: DB = db()): boolean {
  let statement = statements.get(database.$client);
  if (!statement) {
    statement = database.$client.prepare("select 1").pluck();
    statements.set(database.$client, statement);
  }
  statement.get();
  return true;
}
