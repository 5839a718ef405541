/** npm run db:migrate — applies the committed migrations (the server also does this at start). */
import { closeDatabase, db, runMigrations } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

runMigrations(db());
console.log(`Migrated ${getEnv().DATABASE_PATH}.`);
closeDatabase();
