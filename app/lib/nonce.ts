import { createContext, useContext } from "react";

/**
 * The page's CSP nonce, provided by entry.server.tsx while rendering. In the browser it is ""
 * (browsers hide nonce attributes from scripts; React does not compare them when hydrating).
 */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
