import type { LoaderFunctionArgs } from "@remix-run/node";
import { ROBOTS_DISALLOW } from "~/lib/sitemap";
import { publicOrigin } from "~/utils/origin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const body = [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
