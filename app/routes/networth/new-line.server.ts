import { json } from "@remix-run/node";
import type { Flow } from "~/features/networth/constants";
import { lineFormData } from "~/features/networth/forms.server";
import { requireMember } from "~/lib/session.server";
import { quarterOfAddress, yearOfAddress } from "./networth-address.server";
import { saveLine } from "./save-line.server";

/** The add income and add expenses dialogs' loader: the page's year (and a `?quarter=`) start
 * the new line. */
export async function newLineLoader(request: Request, flow: Flow) {
  const member = await requireMember(request);
  return json({ flow, year: yearOfAddress(request), quarter: quarterOfAddress(request), ...(await lineFormData(member.id, flow)) });
}

export async function newLineAction(request: Request, flow: Flow) {
  const member = await requireMember(request);
  return saveLine(request, member, flow, null);
}
