import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapResponse } from "~/features/events/sitemap-response.server";

/** /sitemap/{n}.xml: a part of the sitemap when it holds over 50,000 addresses (else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const part = /^([1-9]\d{0,3})\.xml$/.exec(params.part ?? "")?.[1];
  if (!part) throw new Response("Not Found", { status: 404 });
  return sitemapResponse(request, Number(part));
}
