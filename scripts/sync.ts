/** npm run sync — the ticketing sync from the command line (e.g. a scheduled job). */
import { syncShowsAndImages } from "~/services/eventbrite-sync.server";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";

runMigrations(db());
const { outcome, images, attendees } = await syncShowsAndImages({ staff: null });
console.log(outcome.message);
await Promise.all([images, attendees]);
closeDatabase();
process.exitCode = outcome.ok ? 0 : 1;
