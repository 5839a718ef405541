import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useBusinessToday } from "~/components/business-zone";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Headshot } from "~/components/headshot";
import { formatCardDate } from "~/lib/dates";
import { comedianPath } from "~/lib/lineup";
import { WHOLE_STYLESHEET } from "~/lib/page-styles";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { comediansIndex } from "~/models/comedian-pages.server";
import { publicContext } from "~/models/public-shows.server";
import publicPagesStyles from "~/styles/public-pages.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicPagesStyles }];

/** public-pages.css holds the site's own styles too: one stylesheet (app/lib/page-styles.ts). */
export const handle = WHOLE_STYLESHEET;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Comedians | ${SITE.name}`,
    description:
      "The comics on Laugh Windsor's stages: who is on next, and everyone who has played our shows.",
    url: data ? `${data.origin}/comedians` : undefined,
    origin: data?.origin,
  });

export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  const { today } = publicContext();
  const comedians = comediansIndex(today);
  return json({ origin: publicOrigin(request), comedians }, { headers: cacheablePage() });
}

export default function Comedians() {
  const { comedians } = useLoaderData<typeof loader>();
  const booked = comedians.filter((c) => c.nextDate);
  const rest = comedians.filter((c) => !c.nextDate);
  return (
    <section className="section container">
      <h1>Comedians</h1>
      {comedians.length === 0 ? <p className="muted">No comedians listed yet.</p> : null}
      {booked.length ? (
        <>
          <h2>On stage soon</h2>
          <ComedianGrid comedians={booked} />
        </>
      ) : null}
      {rest.length ? (
        <>
          <h2>{booked.length ? "More comedians" : "All comedians"}</h2>
          <ComedianGrid comedians={rest} />
        </>
      ) : null}
    </section>
  );
}

function ComedianGrid({
  comedians,
}: {
  comedians: ReturnType<typeof useLoaderData<typeof loader>>["comedians"];
}) {
  const today = useBusinessToday();
  return (
    <ul className="comedian-grid">
      {comedians.map((c) => (
        <li key={c.id} className="comedian-card panel">
          <Headshot name={c.name} image={c.headshot} size={64} alt="" className="comedian-card__photo" />
          <div>
            <h3>
              <Link to={comedianPath(c)}>{c.name}</Link>
            </h3>
            {c.nextDate ? (
              <p className="muted">
                Next show <time dateTime={c.nextDate}>{formatCardDate(c.nextDate, today)}</time>
              </p>
            ) : null}
            {c.bio ? <p className="clamp-2">{c.bio}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
