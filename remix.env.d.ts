/// <reference types="@remix-run/dev" />

import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's CSP nonce for inline scripts. */
    cspNonce: string;
    /** The client's address (the proxy's header only when TRUST_PROXY is set). */
    clientIp: string;
    requestId: string;
  }
}
