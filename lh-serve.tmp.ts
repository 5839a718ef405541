import fs from "node:fs";
import { asc, isNull } from "drizzle-orm";
import { events } from "~/db/schema";
import { seedDemoData } from "~/db/seed.server";
import { todayIn } from "~/lib/dates";
import { DEFAULT_FOCUS } from "~/lib/image-variants";
import { showSlug } from "~/lib/slug";
import { getImageRow, ingestBytes, setShowImage } from "~/models/show-images.server";
import { imagesDir, produceAllVariants } from "~/utils/image-pipeline.server";
import { prepareTempDatabase, startServer } from "./scripts/lib/harness";
import { generatePosters } from "./scripts/lib/posters";

const posters = await generatePosters();
const { dir, file } = prepareTempDatabase("lh", (database) => { seedDemoData(database, todayIn()); return null; });
const { openDatabase } = await import("~/utils/db.server");
const database = openDatabase(file);
const store = imagesDir(file);
const hashes: string[] = [];
for (const p of posters.slice(1)) {
  const result = await ingestBytes(fs.readFileSync(p.file), database, store);
  if (!result.ok) throw new Error(result.message);
  hashes.push(result.hash);
  await produceAllVariants(store, getImageRow(result.hash, database)!, DEFAULT_FOCUS);
}
const shows = database.select({ id: events.id, title: events.title, date: events.date }).from(events).where(isNull(events.archivedAt)).orderBy(asc(events.date)).all();
shows.forEach((s, i) => setShowImage(s.id, { source: "upload", hash: hashes[i % hashes.length], focus: DEFAULT_FOCUS }, database));
database.$client.close();
const server = await startServer(file, dir, { port: 3916 });
const first = shows[0];
console.log(JSON.stringify({ base: server.base, dir, pages: ["/", `/event/${first.id}`, `/show/${showSlug({ title: first.title, date: first.date })}`, "/calendar", "/vote"] }));
setInterval(() => {}, 1 << 30);
