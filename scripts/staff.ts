/**
 * npm run staff -- add NAME
 * Adds a staff account or resets its password. The password comes from STAFF_PASSWORD,
 * or is read from standard input (so it never lands in the shell history).
 */
import { upsertStaff } from "~/models/staff.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (process.stdin.isTTY) process.stderr.write("Password (then Enter): ");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && String(chunk).includes("\n")) break;
  }
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0];
}

async function main() {
  const [command, name] = process.argv.slice(2);
  if (command !== "add" || !name) {
    console.error("Usage: npm run staff -- add NAME   (password from STAFF_PASSWORD or standard input)");
    process.exit(2);
  }
  runMigrations(db());
  const result = await upsertStaff(name, await readPassword());
  console.log(result.created ? `Added staff account "${result.username}".` : `Reset the password of "${result.username}".`);
  closeDatabase();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
