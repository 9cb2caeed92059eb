import { createContext, useContext } from "react";

// The browser hides nonce attributes from the DOM, so on the client the value
// is empty and only the server-rendered HTML carries it.
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
