import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { addressLine } from "~/lib/venue-records";
import { listVenues } from "~/models/venues.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [{ title: "Venues" }, { name: "robots", content: "noindex" }];

/** /admin/venues: every venue record (platform and staff-made), with its address as known. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const venues = listVenues().map((v) => ({
    id: v.id,
    name: v.name,
    slug: v.slug,
    fromPlatform: v.externalId !== null,
    address: addressLine(v) ?? "Address unknown",
  }));
  return json({ venues });
}

export default function AdminVenues() {
  const { venues } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link>
      </p>
      <h1>Venues</h1>
      <p>
        {venues.length} venue{venues.length === 1 ? "" : "s"}. The ticketing sync adds the platform's venues;
        a venue typed in the event form is added without an address.
      </p>
      {venues.length > 0 ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Venue</th>
              <th scope="col">Address</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {venues.map((v) => (
              <tr key={v.id}>
                <td>
                  <Link to={`/admin/venues/${v.id}`}>{v.name}</Link>
                </td>
                <td>{v.address}</td>
                <td>{v.fromPlatform ? "Eventbrite" : "Staff"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
