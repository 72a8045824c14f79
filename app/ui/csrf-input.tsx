import { useCsrfToken } from "./root-data";

/** The anti-forgery token; every form that posts carries it (checked in lib/csrf.server.ts). */
export function CsrfInput() {
  return <input type="hidden" name="csrf" value={useCsrfToken()} />;
}
