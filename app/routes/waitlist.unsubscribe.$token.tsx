import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/**
 * /waitlist/unsubscribe/:token: the unsubscribe link of waitlist e-mails sent before issue 39,
 * kept working. A GET goes to /unsubscribe/:token; a POST (one-click) is answered by the server
 * before Remix, as on the new path (server/front.ts).
 */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/unsubscribe/${encodeURIComponent(params.token ?? "")}`, 301);
}
