import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ShowPageView, showPageMeta } from "~/components/shows/show-page";
import { loadSlugPage } from "~/features/shows/show-page.server";
import { WITHOUT_RUNTIME } from "~/lib/page-runtime";
import { SITE } from "~/lib/site";
import showPagesStyles from "~/styles/show-pages.css";
import { passPageCache } from "~/utils/page-cache.server";

/** /show/{slug}: the shareable address of a show page (one page with /event/{id}: app/lib/show-page.ts). */

// One stylesheet: the public styles, the form styles of the contestant application on the page
// (issue 15, item 2) and the line-up (show-pages.css).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: showPagesStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? showPageMeta(data) : [{ title: SITE.name }];

/** No React in the browser: the page's links, forms and dialog work as markup (app/lib/page-runtime.ts). */
export const handle = WITHOUT_RUNTIME;

/** The same for every anonymous visitor: served from the page cache while the data is unchanged. */
export const headers = passPageCache;

export async function loader({ params, request }: LoaderFunctionArgs) {
  return loadSlugPage(request, params.slug);
}

export default function ShowPage() {
  return <ShowPageView page={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
