import { createContext, useContext } from "react";

/** This response's CSP nonce, provided by entry.server; empty in the browser. */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
