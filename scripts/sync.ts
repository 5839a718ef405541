/** npm run sync — the ticketing sync from the command line (e.g. a scheduled job). */
import { runEventbriteSync } from "~/services/eventbrite-sync.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";

runMigrations(db());
const outcome = await runEventbriteSync({ staff: null });
console.log(outcome.message);
closeDatabase();
process.exitCode = outcome.ok ? 0 : 1;
