import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapResponse } from "~/features/events/sitemap-response.server";

/** /sitemap.xml: the public pages and every upcoming show; an index of parts past 50,000 addresses. */
export async function loader({ request }: LoaderFunctionArgs) {
  return sitemapResponse(request, null);
}
