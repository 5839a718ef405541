import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { startBrowserErrorReports } from "~/error-reports.client";

// Issue 38: error reports, when the server configured them (root loader data).
startBrowserErrorReports(
  (
    window as unknown as {
      __remixContext?: {
        state?: { loaderData?: { root?: { errorReports?: Parameters<typeof startBrowserErrorReports>[0] } } };
      };
    }
  ).__remixContext?.state?.loaderData?.root?.errorReports,
);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
