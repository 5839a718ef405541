import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorScreen, GeneralErrorBoundary } from "~/components/error-boundary";
import { ShowPageView, showPageMeta } from "~/components/shows/show-page";
import { loadEventPage } from "~/features/shows/show-page.server";
import { WITHOUT_RUNTIME } from "~/lib/page-runtime";
import { SITE } from "~/lib/site";
import showPagesStyles from "~/styles/show-pages.css";
import { passPageCache } from "~/utils/page-cache.server";

/** /event/{id}: the show page every card links to (one page with /show/{slug}: app/lib/show-page.ts). */

// One stylesheet: the public styles, the form styles of the contestant application on the page
// (issue 15, item 2) and the line-up (show-pages.css).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: showPagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? showPageMeta(data)
    : [{ title: `Event not found | ${SITE.name}` }, { name: "robots", content: "noindex" }];

/** No React in the browser: the page's links, forms and dialog work as markup (app/lib/page-runtime.ts). */
export const handle = WITHOUT_RUNTIME;

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ params, request }: LoaderFunctionArgs) {
  return loadEventPage(request, params.id);
}

export default function EventPage() {
  return <ShowPageView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) {
    // A failure while reading the show: the spec's event-page text, with Back to Home.
    return (
      <ErrorScreen title="Failed to load event details">
        <p>{error instanceof Error ? error.message : "An unexpected error occurred"}</p>
      </ErrorScreen>
    );
  }
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorScreen title="Event not found">
            <p>This show doesn't exist or is no longer listed.</p>
          </ErrorScreen>
        ),
      }}
    />
  );
}
