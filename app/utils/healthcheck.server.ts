import { db, perConnection, type DB } from "./db.server";

const selectOne = perConnection(({ $client }) => $client.prepare("select 1").pluck());

/** Liveness: the database can be read (one prepared `select 1`, kept per connection). */
export function databaseAnswers(database: DB = db()): boolean {
  selectOne(database).get();
  return true;
}
