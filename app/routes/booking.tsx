import {
  json,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { LogOut, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { useBusinessZone } from "~/components/business-zone";
import { GatePage } from "~/components/gate-page";
import { handleBookingPost } from "~/features/booking/booking-post.server";
import { BOOKING_AUTO_REFRESH_MS, BOOKING_EMPTY_MESSAGE, isStatusColumn, statusTone } from "~/lib/booking";
import { gateSchema } from "~/lib/forms/gate";
import { formatInZone } from "~/lib/zoned-time";
import { getBookingSchedule } from "~/services/booking-sheet.server";
import styles from "~/styles/booking.css";
import gateStyles from "~/styles/gate.css";
import { hasGate } from "~/utils/auth.server";
import { refusalHeaders } from "~/utils/refusal-headers";
import { getSession } from "~/utils/session.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: gateStyles },
];

export const meta: MetaFunction = () => [
  { title: "Booking Schedule" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await hasGate(request, "bookingGate"))) {
    return json({ unlocked: false as const });
  }
  const session = await getSession(request);
  const view = await getBookingSchedule();
  return json(
    { unlocked: true as const, view, viaGate: session.get("bookingGate") === true },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** A refused post (e.g. 429 over budget) keeps its Retry-After and Cache-Control without JavaScript. */
export const headers = refusalHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  return handleBookingPost(request, context.clientIp);
}

export default function BookingPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  if (!data.unlocked) {
    return (
      <GatePage
        title="Booking Schedule"
        intro="Enter the booking password to see the schedule."
        button="Access Schedule"
        schema={gateSchema}
        lastResult={lastResult}
      />
    );
  }
  return (
    <section className="section container booking">
      <h1>Booking Schedule</h1>
      <Schedule view={data.view} viaGate={data.viaGate} />
    </section>
  );
}

type Unlocked = Extract<SerializeFrom<typeof loader>, { unlocked: true }>;

function Schedule({ view, viaGate }: Pick<Unlocked, "view" | "viaGate">) {
  const zone = useBusinessZone();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const refreshing =
    navigation.state !== "idle" &&
    navigation.formAction === "/booking" &&
    navigation.formData?.get("intent") === "refresh";

  // Every 5 minutes while the page is open; the loader answers from the stored copy and
  // refreshes it from the sheet when it is older than a minute.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, BOOKING_AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  // A background refresh started with this answer: look again once it has had time to land.
  useEffect(() => {
    if (!view.refreshing) return;
    const timer = setTimeout(() => revalidator.revalidate(), 3000);
    return () => clearTimeout(timer);
  }, [view.refreshing, view.fetchedAt, revalidator]);

  const { columns, rows } = view.table;
  return (
    <div className="booking__schedule">
      <div className="booking__bar">
        <p className="booking__updated">
          {view.fetchedAt ? (
            <>
              Last updated:{" "}
              <time dateTime={view.fetchedAt}>
                {formatInZone(new Date(view.fetchedAt), "MMM d, yyyy, h:mm a", zone)}
              </time>{" "}
              (Toronto)
            </>
          ) : view.unconfigured ? (
            <span className="muted">Sample rows: no booking sheet is configured.</span>
          ) : (
            <span className="muted">Sample rows</span>
          )}
          {revalidator.state === "loading" && !refreshing ? (
            <span className="muted"> Updating...</span>
          ) : null}
        </p>
        <div className="booking__actions">
          <Form method="post">
            <input type="hidden" name="intent" value="refresh" />
            <button
              type="submit"
              className="button button--dark button--small"
              disabled={refreshing}
              aria-busy={refreshing || undefined}
            >
              <RefreshCw size={16} aria-hidden="true" className={refreshing ? "booking__spin" : undefined} />
              {refreshing ? "Refreshing..." : "Refresh"}
            </button>
          </Form>
          {viaGate ? (
            <Form method="post">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="button button--outline button--small">
                <LogOut size={16} aria-hidden="true" />
                Logout
              </button>
            </Form>
          ) : null}
        </div>
      </div>

      {view.notice ? (
        <p className={view.source === "sample" ? "form-error" : "booking__notice"} role="status">
          {view.notice}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="booking__empty">{BOOKING_EMPTY_MESSAGE}</p>
      ) : (
        // A scrollable region must take focus so keyboard users can scroll it (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="booking__table-wrap" tabIndex={0} role="region" aria-label="Booking schedule table">
          <table className="booking__table">
            <caption className="visually-hidden">Booking schedule</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c) => {
                    const value = row[c] ?? "";
                    const tone = isStatusColumn(c) ? statusTone(value) : null;
                    return (
                      <td key={c} data-label={c}>
                        {tone ? (
                          <span className={`booking__status booking__status--${tone}`}>{value}</span>
                        ) : (
                          value
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
