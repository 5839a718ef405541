import { json, type MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Page not found" }, { name: "robots", content: "noindex" }];

export async function loader() {
  return json(null, { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}
