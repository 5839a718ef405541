import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ComedianProfileForm } from "~/components/admin/comedian-profile-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { handleComedianProfile } from "~/features/comedians/comedian-profile-action.server";
import { comedianToFormDefaults } from "~/lib/comedian-form";
import { parseId } from "~/lib/ids";
import { previewUrl } from "~/lib/image-variants";
import { comedianPath } from "~/lib/lineup";
import { sharePath, trackingCodeOf } from "~/lib/tracking";
import { getComedian } from "~/models/comedians.server";
import { bookedShows, drawOf } from "~/models/draws.server";
import adminStyles from "~/styles/admin.css";
import { requireStaff } from "~/utils/auth.server";
import { publicOrigin } from "~/utils/origin.server";
import { redirectWithFlash } from "~/utils/session.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];
export const meta: MetaFunction = () => [{ title: "Edit comedian" }, { name: "robots", content: "noindex" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const comedian = getComedian(parseId(params.id));
  if (!comedian)
    throw await redirectWithFlash(request, "/admin/comedians", {
      type: "error",
      message: "Comedian not found",
    });
  // Issue 41: the comic's draw (tickets through their tracking link) and their share links.
  const code = trackingCodeOf(comedian.id);
  const origin = publicOrigin(request);
  const draw = drawOf(comedian.id);
  return json({
    id: comedian.id,
    name: comedian.name,
    slug: comedian.slug,
    defaults: comedianToFormDefaults(comedian),
    headshotPreview: comedian.photoHash ? previewUrl({ hash: comedian.photoHash }) : null,
    code,
    draw,
    total: draw.reduce((n, r) => n + r.tickets, 0),
    shareLinks: bookedShows(comedian.id).map((s) => ({
      title: s.title,
      date: s.date,
      url: `${origin}${sharePath(`/event/${s.id}`, code)}`,
    })),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  return handleComedianProfile(request, staff, parseId(params.id));
}

export default function EditComedian() {
  const { id, name, slug, defaults, headshotPreview, code, draw, total, shareLinks } =
    useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  return (
    <section className="section container admin">
      <p>
        <Link to="/admin/comedians">← Comedian profiles</Link>
      </p>
      <h1>Edit {name}</h1>
      {slug ? (
        <p>
          <Link to={comedianPath({ slug })}>View the public page</Link>
        </p>
      ) : null}
      <ComedianProfileForm
        key={id}
        mode="edit"
        defaultValue={defaults}
        lastResult={data ?? null}
        headshotPreview={headshotPreview}
      />
      <DrawSection name={name} id={id} code={code} draw={draw} total={total} shareLinks={shareLinks} />
    </section>
  );
}

/** The comic's draw: tickets bought through their tracking link, per show and date; their share links. */
function DrawSection({
  name,
  id,
  code,
  draw,
  total,
  shareLinks,
}: {
  name: string;
  id: number;
  code: string;
  draw: { eventId: number; title: string; date: string; tickets: number; checkedIn: number }[];
  total: number;
  shareLinks: { title: string; date: string; url: string }[];
}) {
  return (
    <section className="panel admin-draw" aria-labelledby="draw-title">
      <h2 id="draw-title">{name}&apos;s draw</h2>
      <p>
        Tickets bought through {name}&apos;s links (tracking code <code>{code}</code>):{" "}
        <strong>{total}</strong>. Counted from the ticketing platform&apos;s attendees after each sync and
        sale. <a href={`/admin/comedians/${id}/draw.csv`}>Download CSV</a>
      </p>
      {draw.length ? (
        <table>
          <caption className="visually-hidden">Tickets through {name}&apos;s link per show</caption>
          <thead>
            <tr>
              <th scope="col">Show</th>
              <th scope="col">Date</th>
              <th scope="col">Tickets</th>
              <th scope="col">Checked in</th>
            </tr>
          </thead>
          <tbody>
            {draw.map((r) => (
              <tr key={`${r.eventId}:${r.date}`}>
                <td>
                  <Link to={`/event/${r.eventId}`}>{r.title}</Link>
                </td>
                <td>{r.date}</td>
                <td>{r.tickets}</td>
                <td>{r.checkedIn}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">No ticket bought through {name}&apos;s links yet.</p>
      )}
      {shareLinks.length ? (
        <>
          <h3>Share links</h3>
          <p className="muted">Each carries the tracking code on to the checkout.</p>
          <ul>
            {shareLinks.map((l) => (
              <li key={l.url}>
                {l.title} (<span className="admin-draw__date">{l.date}</span>): <a href={l.url}>{l.url}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
