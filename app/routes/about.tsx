import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ABOUT_PAGE } from "~/lib/about";
import { seoMeta } from "~/lib/seo";
import { SITE } from "~/lib/site";
import { listAboutVenues } from "~/models/venues.server";
import contentStyles from "~/styles/content.css";
import { publicOrigin } from "~/utils/origin.server";
import { cacheablePage, passPageCache } from "~/utils/page-cache.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: `About Us | ${SITE.name}`,
    description: ABOUT_PAGE.description,
    url: data ? `${data.origin}/about` : undefined,
    origin: data?.origin,
  });

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ request }: LoaderFunctionArgs) {
  // The venue cards come from the venue records staff placed on this page.
  const venueCards = listAboutVenues().map((v) => ({
    slug: v.slug,
    name: v.name,
    cardText: v.cardText ?? "",
  }));
  return json({ origin: publicOrigin(request), venueCards }, { headers: cacheablePage() });
}

export default function About() {
  const { venueCards } = useLoaderData<typeof loader>();
  return (
    <article className="content-page container section about-page">
      <header className="content-hero">
        <h1>About {SITE.name}</h1>
        <p className="content-lead">{ABOUT_PAGE.lead}</p>
      </header>

      <section aria-labelledby="press-title" className="press">
        <h2 id="press-title">As featured in</h2>
        <ul className="press__list">
          {ABOUT_PAGE.press.map((p) => (
            <li key={p.href}>
              <a href={p.href} target="_blank" rel="noopener noreferrer" className="press__link">
                <span className="press__outlet">{p.outlet}</span>
                <span>{p.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel content-section" aria-labelledby="story-title">
        <h2 id="story-title">Our Story</h2>
        {ABOUT_PAGE.story.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </section>

      <div className="two-columns">
        <section className="panel content-section" aria-labelledby="mission-title">
          <h2 id="mission-title">Our Mission</h2>
          <ul className="check-list">
            {ABOUT_PAGE.mission.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
        <section className="panel content-section" aria-labelledby="what-title">
          <h2 id="what-title">What We Do</h2>
          <ul className="check-list">
            {ABOUT_PAGE.whatWeDo.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="venues-title">
        <h2 id="venues-title">Our Venues</h2>
        <ul className="venue-cards">
          {venueCards.map((v) => (
            <li key={v.slug} className="venue-card">
              <Link to={`/${v.slug}`} className="venue-card__link">
                <span className="venue-card__name">{v.name}</span>
                {v.cardText ? <span className="venue-card__text">{v.cardText}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel content-section content-cta" aria-labelledby="touch-title">
        <h2 id="touch-title">Want to work with us?</h2>
        <p>Venues, comics, sponsors and fans: we'd love to hear from you.</p>
        <Link to="/contact" className="button button--primary">
          Get in Touch
        </Link>
      </section>
    </article>
  );
}
