import { redirect } from "@remix-run/node";
import type { Flow } from "~/features/networth/constants";
import { getOwnEntry, getOwnLine } from "~/features/networth/networth.server";
import { notFound, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { askedYear } from "~/routes/networth/networth-address.server";

// SPEC.md §7's net worth addresses (/user/task/my-net-worth/…): each leads to the area's own
// dialog over the yearly page, for the member's own rows only (404 otherwise). The spec's
// spellings net_work_id and net_work_year are read too.

const params = (request: Request) => new URL(request.url).searchParams;

/** `?year=` of the address (also `net_work_year`), passed on as is: the page checks it. */
function yearQuery(request: Request) {
  const year = askedYear(params(request));
  return year ? `?year=${encodeURIComponent(year)}` : "";
}

export const entryIdOf = (from: URLSearchParams | FormData) => {
  const value = from.get("net_worth_id") ?? from.get("net_work_id");
  return typeof value === "string" ? value : null;
};

/** The entry's dialog (`""` its view, `"/edit"`); without an id the yearly page. */
export async function toEntry(request: Request, dialog: "" | "/edit") {
  const member = await requireMember(request);
  const id = entryIdOf(params(request));
  if (id === null && dialog === "") return redirect(`/user/net-worth${yearQuery(request)}`);
  const entry = await requireFound(id, (entryId) => getOwnEntry(member.id, entryId));
  return redirect(`/user/net-worth/entries/${entry.id}${dialog}?year=${entry.year}`);
}

/** The add dialog of an entry or of a line (its year, and for a line its `quarter`). */
export async function toNew(request: Request, dialog: "new" | "income/new" | "expenses/new") {
  await requireMember(request);
  const to = new URLSearchParams(yearQuery(request));
  const quarter = params(request).get("quarter");
  if (quarter && dialog !== "new") to.set("quarter", quarter);
  return redirect(`/user/net-worth/${dialog}${to.size ? `?${to}` : ""}`);
}

/** A line's edit dialog; a line of the other kind (an expense at edit-gross-income) is not found. */
export async function toLineEdit(request: Request, flow: Flow) {
  const member = await requireMember(request);
  const id = params(request).get("id") ?? entryIdOf(params(request));
  const line = await requireFound(id, (lineId) => getOwnLine(member.id, lineId));
  if (line.flow !== flow) notFound();
  return redirect(`/user/net-worth/lines/${line.id}/edit?year=${line.year}`);
}
