import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ticketHoldersPrivacyText } from "~/lib/attendees";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import contentStyles from "~/styles/content.css";
import { getEnv } from "~/utils/env.server";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `Privacy | ${SITE.name}`,
    description: `What ${SITE.name} keeps about you, why, and for how long.`,
    url: data ? `${data.origin}/privacy` : undefined,
    origin: data?.origin,
  });

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  return json(
    {
      origin: publicOrigin(request),
      ticketHolders: ticketHoldersPrivacyText(getEnv().ATTENDEE_RETENTION_DAYS),
    },
    { headers: cacheablePage() },
  );
}

/** /privacy: what the site keeps about visitors (issue 41 added the ticket holders). */
export default function Privacy() {
  const { ticketHolders } = useLoaderData<typeof loader>();
  return (
    <article className="content-page container section">
      <header className="content-hero">
        <h1>Privacy</h1>
        <p className="content-lead">
          Tickets are sold by Eventbrite, under its own privacy policy. This page says what this site keeps.
        </p>
      </header>
      <section className="panel content-section" aria-labelledby="holders-title">
        <h2 id="holders-title">Ticket holders</h2>
        <p>{ticketHolders}</p>
        <p>
          When you vote at a show that counts ticket holders, the e-mail address you give with your vote is
          hashed the same way and checked against those hashes: when you vote, and again each time we read the
          list of ticket holders, until the results are revealed. Nothing more is kept for it. Whether your
          vote counts as a ticket holder&apos;s is e-mailed to the address you gave, never shown on the
          screen, so nobody learns from a phone who holds a ticket.
        </p>
      </section>
      <section className="panel content-section" aria-labelledby="forms-title">
        <h2 id="forms-title">What you send us</h2>
        <p>
          A vote, a contact message, a contestant application, a waitlist or newsletter sign-up is stored with
          the e-mail address you typed, for the purpose the form states. A waitlist entry is deleted after its
          show.
        </p>
      </section>
    </article>
  );
}
