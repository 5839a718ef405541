import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatInZone } from "~/lib/zoned-time";
import { listContactMessages } from "~/models/submissions.server";
import contentStyles from "~/styles/content.css";
import { requireStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: contentStyles }];

export const meta: MetaFunction = () => [
  { title: "Contact messages" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const zone = getEnv().APP_TIMEZONE;
  const messages = listContactMessages().map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    message: m.message,
    received: formatInZone(m.createdAt, "yyyy-MM-dd h:mm a", zone),
    emailed: m.emailedAt !== null,
  }));
  return json({ messages });
}

export default function AdminMessages() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="section container admin-inbox">
      <p>
        <Link to="/admin">← Admin dashboard</Link>
      </p>
      <h1>Contact messages</h1>
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className="inbox-list">
          {messages.map((m) => (
            <li key={m.id} className="panel">
              <h2>{m.subject}</h2>
              <p>
                From <strong>{m.name}</strong> &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;,{" "}
                {m.received}
                {m.emailed ? " (e-mailed)" : ""}
              </p>
              <p className="inbox-list__body">{m.message}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
