/** npm run db:seed — demo data for an empty database (dates relative to today in Toronto). */
import { todayIn } from "~/lib/dates";
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { seedDemoData } from "./seeds/demo";

const env = getEnv();
runMigrations(db());
const result = seedDemoData(db(), todayIn(env.APP_TIMEZONE), env.APP_TIMEZONE, {
  clubVenue: env.CLUB_VENUE,
  wineryVenue: env.WINERY_VENUE,
});
console.log(
  result.seeded
    ? `Seeded demo data into ${env.DATABASE_PATH}.`
    : `Left ${env.DATABASE_PATH} alone: ${result.reason}.`,
);
closeDatabase();
