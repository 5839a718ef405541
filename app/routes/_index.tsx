import { json, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { and, asc, gte, isNull } from "drizzle-orm";
import { events } from "~/db/schema";
import { formatCardDate, formatTime12, todayIn } from "~/lib/dates";
import { SITE } from "~/lib/site";
import { db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";

export const meta: MetaFunction = () => [{ title: `${SITE.name}: ${SITE.tagline}` }];

export async function loader() {
  const today = todayIn(getEnv().APP_TIMEZONE);
  const shows = db()
    .select({ id: events.id, title: events.title, date: events.date, time: events.time, venue: events.venue })
    .from(events)
    .where(and(isNull(events.archivedAt), gte(events.date, today)))
    .orderBy(asc(events.date))
    .all();
  return json({ shows });
}

export default function Home() {
  const { shows } = useLoaderData<typeof loader>();
  return (
    <section className="section container">
      <h1>Upcoming comedy shows</h1>
      <ul>
        {shows.map((s) => (
          <li key={s.id}>
            <Link to={`/event/${s.id}`}>{s.title}</Link> · {formatCardDate(s.date)} · {formatTime12(s.time)} · {s.venue}
          </li>
        ))}
      </ul>
    </section>
  );
}
