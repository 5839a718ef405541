import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { enhancePage } from "~/components/enhance";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HydrateApart } from "~/components/hydrate-apart";
import { useNonce } from "~/components/nonce";
import { ProgressBar } from "~/components/progress-bar";
import { PageScripts } from "~/components/scripts";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { StaffHeader } from "~/components/staff-header";
import { Toaster } from "~/components/toaster";
import { reportBrowserError } from "~/error-reports.client";
import { todayIn } from "~/lib/dates";
import { pageArea, pageHeader, pageTheme } from "~/lib/page-area";
import { loadsRuntime } from "~/lib/page-runtime";
import { linksAppStyles } from "~/lib/page-styles";
import { SITE } from "~/lib/site";
import { publicErrorReports } from "~/services/error-reports.server";
import appStyles from "~/styles/app.css";
import { getStaff } from "~/utils/auth.server";
import { getEnv } from "~/utils/env.server";
import { readFlash } from "~/utils/session.server";

// app.css is linked in the Layout, unless the page's own stylesheet holds it (app/lib/page-styles.ts).
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: `${SITE.name}: ${SITE.tagline}` },
  { name: "description", content: SITE.description },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { flash, flashes, setCookie } = await readFlash(request);
  const zone = getEnv().APP_TIMEZONE;
  // Staff on the results views get the staff header (read only there: a session read per page).
  const { pathname } = new URL(request.url);
  const header = pageHeader(pathname, pageArea(pathname) === "room" && (await getStaff(request)) !== null);
  // Issue 38: the browser's error reports (only when SENTRY_DSN is set), with the id of the
  // render that made this page (a cached page keeps the id of the render that filled the cache).
  const reports = publicErrorReports();
  const errorReports = reports ? { ...reports, requestId: context?.requestId ?? "none" } : null;
  return json(
    { flash, flashes, zone, today: todayIn(zone), header, errorReports },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const area = pageArea(pathname);
  const matches = useMatches();
  // Set when the root's error boundary is drawn (the Layout wraps it too).
  const rootError = useRouteError();
  const runtime = loadsRuntime(matches);
  // A hydrated page gets the same enhancements as a page without the runtime (once).
  useEffect(() => enhancePage(), []);
  return (
    <html lang="en-CA" data-theme={pageTheme(pathname)} data-area={area}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#141217" />
        <meta
          name="color-scheme"
          content={pageTheme(pathname) === "auto" ? "light dark" : pageTheme(pathname)}
        />
        <Meta />
        {linksAppStyles(matches, rootError) ? <link rel="stylesheet" href={appStyles} /> : null}
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <ProgressBar />
        {(data?.header ?? pageHeader(pathname, false)) === "staff" ? <StaffHeader /> : <SiteHeader />}
        <Toaster flashes={data?.flashes ?? []}>
          <main id="main" className="site-main">
            {children}
          </main>
        </Toaster>
        {area === "public" ? (
          <HydrateApart>
            <SiteFooter />
          </HydrateApart>
        ) : null}
        {runtime ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <PageScripts nonce={nonce} afterFirstPaint={area !== "staff"} />
          </>
        ) : (
          <script
            nonce={nonce}
            suppressHydrationWarning
            // Our own function, serialised: it takes nothing from the request.
            dangerouslySetInnerHTML={{ __html: `(${enhancePage.toString()})()` }}
          />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A thrown error in the browser (a render or a client loader) reaches the error reports;
  // expected responses (404 and friends) do not.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportBrowserError(error);
  }, [error]);
  return <GeneralErrorBoundary />;
}
