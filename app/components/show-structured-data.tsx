import { useState } from "react";
import { useBusinessZone } from "~/components/business-zone";
import { inlineScriptJson } from "~/lib/inline-script-json";
import type { Show } from "~/lib/shows";
import { showJsonLd } from "~/lib/structured-data";

/**
 * schema.org ComedyEvent JSON-LD for one or more shows (show pages and listings),
 * rendered as a <script type="application/ld+json"> data block.
 */
export function ShowStructuredData({ shows, origin }: { shows: Show[]; origin: string }) {
  const zone = useBusinessZone();
  if (shows.length === 0) return null;
  const ids = shows.map((show) => show.id).join(" ");
  return (
    <JsonLdBlock
      key={ids}
      ids={ids}
      build={() => {
        const showsJsonLd = shows.flatMap((show) => showJsonLd(show, origin, zone));
        // inlineScriptJson escapes "<" so no value can close the script element.
        return inlineScriptJson(showsJsonLd.length === 1 ? showsJsonLd[0] : showsJsonLd);
      }}
    />
  );
}

/**
 * The block is built where the page is rendered first. When the browser hydrates a page the server
 * rendered, it keeps the server's block (found by its shows' ids) instead of building it again:
 * the start and end times are instants in the show's zone, and the first time-zone formatter a
 * page builds loads the browser's ICU data, 50-100 ms of one task on a phone (issue 16). A page
 * reached by a client-side navigation has no such block yet and builds its own.
 */
function JsonLdBlock({ ids, build }: { ids: string; build: () => string }) {
  const [html] = useState(() => serverBlock(ids) ?? build());
  return <script type="application/ld+json" data-shows={ids} dangerouslySetInnerHTML={{ __html: html }} />;
}

function serverBlock(ids: string): string | null {
  if (typeof document === "undefined") return null;
  for (const script of document.querySelectorAll('script[type="application/ld+json"]'))
    if (script.getAttribute("data-shows") === ids) return script.textContent;
  return null;
}
