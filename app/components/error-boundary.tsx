import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";

type StatusHandler = (info: { status: number; data: unknown }) => ReactNode;

/**
 * The one error boundary: per-status handlers for expected responses (404 and friends),
 * the spec's "Unexpected Application Error!" screen for everything else.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
}: {
  statusHandlers?: Record<number, StatusHandler>;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status];
    if (handler) return <>{handler({ status: error.status, data: error.data })}</>;
    if (error.status === 404) return <NotFound />;
    return (
      <ErrorScreen title={`${error.status} ${error.statusText || "Error"}`}>
        <p>{typeof error.data === "string" ? error.data : "Something went wrong."}</p>
      </ErrorScreen>
    );
  }
  const message = error instanceof Error ? error.message : "An unexpected error occurred";
  return (
    <ErrorScreen title="Unexpected Application Error!">
      <p className="error-screen__detail">{message}</p>
    </ErrorScreen>
  );
}

export function ErrorScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="error-screen container" aria-labelledby="error-title">
      <h1 id="error-title">{title}</h1>
      {children}
      <p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </p>
    </section>
  );
}

export function NotFound() {
  return (
    <ErrorScreen title="Page not found">
      <p>We couldn't find that page. The show may have ended or the link may be mistyped.</p>
      <p>
        <Link to="/calendar">See the calendar of upcoming shows</Link>
      </p>
    </ErrorScreen>
  );
}
