import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}

export function useOptionalMember() {
  return useRouteLoaderData<typeof loader>("root")?.member ?? null;
}
