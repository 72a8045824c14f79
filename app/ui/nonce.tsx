import { createContext, useContext } from "react";

// The CSP nonce of this response, for the scripts Remix renders. Empty in the browser, which
// hides nonces from script anyway.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
