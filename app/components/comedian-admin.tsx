import { Form, Link, useNavigation, useRouteLoaderData } from "@remix-run/react";
import type { Flash } from "~/lib/flash";

export type ComedianRow = { id: number; name: string; bio: string | null; votes: number };
export type ConfirmDelete = { id: number; name: string; votes: number };

/** The spec's two delete buttons; both post the same server action (see the note on the page). */
export function DeleteButtons({ comedian }: { comedian: ComedianRow }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(comedian.id);
  return (
    <Form method="post" className="comedians__delete">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={comedian.id} />
      <button
        type="submit"
        name="via"
        value="direct"
        className="button button--danger button--small"
        disabled={busy}
        aria-label={`Delete Directly: ${comedian.name}`}
      >
        Delete Directly
      </button>
      <button
        type="submit"
        name="via"
        value="server"
        className="button button--outline button--small"
        disabled={busy}
        aria-label={`Delete via Server: ${comedian.name}`}
      >
        Delete via Server
      </button>
    </Form>
  );
}

export function ComedianList({ comedians }: { comedians: ComedianRow[] }) {
  if (comedians.length === 0) return <p className="muted">No comedians yet.</p>;
  return (
    <ul className="comedians__list">
      {comedians.map((c) => (
        <li key={c.id} className="comedians__item">
          <div>
            <p className="comedians__name">{c.name}</p>
            <p className="comedians__meta muted">
              ID: {c.id} · {c.votes} vote{c.votes === 1 ? "" : "s"}
            </p>
            {c.bio ? <p className="comedians__bio">{c.bio}</p> : null}
            <Link to={`/admin/comedians/${c.id}`} className="comedians__edit">
              Edit profile<span className="visually-hidden">: {c.name}</span>
            </Link>
          </div>
          <DeleteButtons comedian={c} />
        </li>
      ))}
    </ul>
  );
}

/** The confirmation step (a page of its own without JavaScript) before deleting a comedian with votes. */
export function ConfirmDeletePanel({ confirm, cancelTo }: { confirm: ConfirmDelete; cancelTo: string }) {
  return (
    <div
      className="panel comedians__confirm"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
    >
      <h2 id="confirm-title">Delete {confirm.name}?</h2>
      <p id="confirm-text">
        {confirm.name} has {confirm.votes} vote{confirm.votes === 1 ? "" : "s"}. Deleting removes them from
        the list and from rounds still to come; past rounds' results keep their name and votes.
      </p>
      <Form method="post" className="comedians__confirm-actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={confirm.id} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="button button--danger">
          Yes, delete {confirm.name}
        </button>
        <Link to={cancelTo} className="button button--outline">
          Cancel
        </Link>
      </Form>
    </div>
  );
}

export const DELETE_NOTE =
  "Both delete buttons do the same thing: they ask the server, which checks that you are signed in as staff and then deletes the comedian. A comedian with votes is asked about first and stays in past rounds' results.";

/** The outcome of the last action, kept on the page (the root also shows it as a banner or toast). */
export function StatusBanner() {
  const root = useRouteLoaderData("root") as { flash: Flash | null } | undefined;
  const flash = root?.flash;
  return (
    <p
      className={`comedians__status comedians__status--${flash?.type ?? "idle"}`}
      role="status"
      aria-label="Status"
    >
      {flash ? flash.message : "Ready."}
    </p>
  );
}
