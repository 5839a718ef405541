/**
 * npm run staff -- add NAME
 *   Adds a staff account or resets its password; a reset ends every session of that member.
 *   The password comes from STAFF_PASSWORD, or is read from standard input (so it never lands
 *   in the shell history).
 * npm run staff -- remove NAME
 *   Removes the account and ends its sessions. The last account is never removed.
 * npm run staff -- list
 *   Every account: two-factor on or off, last sign-in, open sessions.
 * npm run staff -- reset-two-factor NAME
 *   Clears a member's two-factor sign-in (a lost phone with no recovery code left), ending their
 *   sessions; audited as done by "command line". Day to day, staff do all of this on /admin/staff.
 */
import { clearTwoFactor, listStaff, removeStaff, upsertStaff } from "~/models/staff.server";
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

const USAGE = [
  "Usage: npm run staff -- add NAME      (password from STAFF_PASSWORD or standard input)",
  "       npm run staff -- remove NAME",
  "       npm run staff -- list",
  "       npm run staff -- reset-two-factor NAME",
].join("\n");

async function main() {
  const [command, name] = process.argv.slice(2);
  const named = ["add", "remove", "reset-two-factor"].includes(command);
  if ((!named && command !== "list") || (named && !name)) {
    console.error(USAGE);
    process.exit(2);
  }
  runMigrations(db());
  if (command === "list") {
    for (const s of listStaff()) {
      console.log(
        `${s.username}\ttwo-factor ${s.twoFactor ? "on" : "off"}\tlast sign-in ${s.lastLoginAt?.toISOString() ?? "never"}\t${s.sessions} session(s)`,
      );
    }
  } else if (command === "reset-two-factor") {
    const user = listStaff().find((s) => s.username.toLowerCase() === name.toLowerCase());
    if (!user) {
      console.error(`No staff account "${name}".`);
      process.exitCode = 1;
    } else {
      // The command line acts as nobody in particular: the audit line says "system".
      const result = clearTwoFactor(null, user.id);
      console.log(result.message);
    }
  } else if (command === "add") {
    const result = await upsertStaff(name, await readPassword());
    console.log(
      result.created
        ? `Added staff account "${result.username}".`
        : `Reset the password of "${result.username}"; ended ${result.endedSessions} session(s).`,
    );
  } else {
    const result = removeStaff(name);
    if (result.status === "not-found") {
      console.error(`No staff account "${name}".`);
      process.exitCode = 1;
    } else if (result.status === "last-account") {
      console.error(`"${name}" is the last staff account; add another before removing it.`);
      process.exitCode = 1;
    } else {
      console.log(`Removed staff account "${result.username}"; ended ${result.endedSessions} session(s).`);
    }
  }
  closeDatabase();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
