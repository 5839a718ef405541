import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary, NotFound } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

/** Anything no other route claims is a 404. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
