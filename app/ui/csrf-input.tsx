import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The anti-forgery token; every form that posts carries it (checked in lib/csrf.server.ts). */
export function CsrfInput() {
  const token = useRouteLoaderData<typeof loader>("root")?.csrf ?? "";
  return <input type="hidden" name="csrf" value={token} />;
}
