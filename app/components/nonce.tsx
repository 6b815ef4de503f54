/**
 * The per-request CSP nonce for inline scripts. The server provides it
 * (entry.server.tsx); in the browser it is undefined, which is fine: the
 * nonce only matters for inline scripts in the server-rendered HTML, and
 * scripts loaded later come from allowed sources ('self', Turnstile).
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
