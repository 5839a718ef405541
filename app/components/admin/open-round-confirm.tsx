import { Form, Link } from "@remix-run/react";

export type VotingRoomView = {
  id: number;
  name: string;
  venue: string | null;
  date: string | null;
  votes: number;
};

/**
 * Issue 37: "another room is voting": the step between pressing Open and the round opening,
 * rendered by the server (the same with and without JavaScript). Its button posts the same
 * values again with confirm=yes.
 */
export function OpenRoundConfirm({
  confirm,
  action,
  cancelTo,
}: {
  confirm: { rooms: VotingRoomView[]; fields: [string, string][]; title: string };
  /** Where the first post went (the same handler answers the confirmed one). */
  action: string;
  cancelTo: string;
}) {
  const many = confirm.rooms.length > 1;
  return (
    <section className="panel comedians__confirm" aria-labelledby="open-round-confirm-title" role="alert">
      <h2 id="open-round-confirm-title">{many ? "Other rooms are voting" : "Another room is voting"}</h2>
      <ul>
        {confirm.rooms.map((r) => (
          <li key={r.id}>
            <strong>{r.name}</strong>
            {r.venue ? ` · ${r.venue}` : ""}
            {r.date ? ` · ${r.date}` : ""}: {r.votes} vote{r.votes === 1 ? "" : "s"} so far
          </li>
        ))}
      </ul>
      <p>
        {many ? "Their phones keep their own ballots" : "Its phones keep their own ballot"}: opening{" "}
        {confirm.title} does not change {many ? "them" : "it"}. Phones reach a round through its QR code, its
        room code or its link, and plain /vote asks which show they are at while more than one round is open.
      </p>
      <div className="comedians__confirm-actions">
        <Form method="post" action={action}>
          {confirm.fields.map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="button button--primary">
            Open this round too
          </button>
        </Form>
        <Link to={cancelTo} className="button button--outline">
          Cancel
        </Link>
      </div>
    </section>
  );
}
