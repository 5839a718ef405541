import { MapSearch } from "~/components/shows/show-facts";
import { inlineScriptJson } from "~/lib/inline-script-json";
import {
  addressLine,
  geoOf,
  mapSearchLink,
  mapsLink,
  postalAddressOf,
  type VenueRecord,
} from "~/lib/venue-records";

/**
 * A venue page's address from its record (issue 17, venue half): the address as known (none
 * when unknown), a maps link that opens the visitor's maps app, a calendar to subscribe to,
 * and schema.org Place data.
 */
export function VenuePlace({
  record,
  origin,
  pageUrl,
}: {
  record: VenueRecord;
  origin: string;
  pageUrl: string;
}) {
  const line = addressLine(record);
  const map = mapsLink(record);
  const search = mapSearchLink(record);
  const feed = `${origin}/venues/${record.slug}/calendar.ics`;
  const address = postalAddressOf(record);
  const geo = geoOf(record);
  const place = {
    "@context": "https://schema.org",
    "@type": "Place",
    name: record.name,
    url: pageUrl,
    ...(address ? { address } : {}),
    ...(geo ? { geo } : {}),
  };
  return (
    <section className="panel content-section venue-place" aria-label={`Where to find ${record.name}`}>
      <h2>Where</h2>
      {line ? <p className="venue-place__address">{line}</p> : null}
      {search ? <MapSearch name={record.name} url={search} className="venue-place__search" /> : null}
      <p className="content-actions">
        {map ? (
          <a href={map} target="_blank" rel="noopener noreferrer">
            Open in maps<span className="visually-hidden">: {record.name}</span>
          </a>
        ) : null}{" "}
        <a href={feed.replace(/^https?:/, "webcal:")}>Subscribe to {record.name}'s shows</a>{" "}
        <a href={feed}>Download the calendar</a>
      </p>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineScriptJson(place) }} />
    </section>
  );
}
