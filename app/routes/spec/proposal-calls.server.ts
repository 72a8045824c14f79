import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getConnection } from "~/features/proposals/connections.server";
import { type Side, connectionPath, entryPath, otherSide, sidePath } from "~/features/proposals/constants";
import { getEntry, getOwnEntry, othersEntry } from "~/features/proposals/entries.server";
import { notFound, parseId, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { action as answerConnection } from "~/routes/proposals/user.connections_.$connectionId.$answer";
import { action as deleteEntrepreneur } from "~/routes/proposals/user.entrepreneurs.$entryId_.delete";
import { action as deleteInvestor } from "~/routes/proposals/user.investors.$entryId_.delete";
import { formParam } from "./forward.server";

// SPEC.md §7 "Entrepreneurs, investors, payment": the old client's calls under
// /user/entrepreneur/… and /user/investor/…, each answered by the proposals area's own route
// (docs/areas.md, "Entrepreneurs and investors"): the member's own rows, or the other side's entries any member sees,
// or connections they are part of; 404 otherwise.

function query(request: Request, ...names: string[]) {
  const params = new URL(request.url).searchParams;
  return names.map((name) => params.get(name)).find((value) => value !== null && value !== "") ?? null;
}

/** POST /user/{side}/delete {entrepreneur_id | investor_id}: the delete dialog's action. */
export function deleteCall(side: Side) {
  return async function action(args: ActionFunctionArgs) {
    await requireMember(args.request);
    const entryId = await formParam(args.request, side === "entrepreneur" ? "entrepreneur_id" : "investor_id", "id");
    const remove = side === "entrepreneur" ? deleteEntrepreneur : deleteInvestor;
    return remove({ ...args, params: { entryId } });
  };
}

/** GET /user/{side}/ajax-load-modal {id}: the {side}'s proposal form and connect modal on the
 * other side's entry `id`; without an id, the form for a new entry of their own. */
export function loadModalCall(side: Side) {
  return async function loader({ request }: LoaderFunctionArgs) {
    const member = await requireMember(request);
    const raw = query(request, "id");
    if (raw === null) return redirect(`${sidePath(side)}/new`);
    const target = otherSide(side);
    const entry = await requireFound(raw, (id) => othersEntry(target, member.id, id));
    return redirect(`${entryPath(target, entry.id)}/connect`);
  };
}

/** GET …/ajax-view-modal {id, user_type}: the loan view of the entry of side `user_type`
 * (the address's own side when not given). */
export function viewModalCall(side: Side) {
  return async function loader({ request }: LoaderFunctionArgs) {
    await requireMember(request);
    const userType = query(request, "user_type");
    const target: Side = userType === "investor" || userType === "entrepreneur" ? userType : side;
    const entry = await requireFound(query(request, "id"), (id) => getEntry(target, id));
    return redirect(entryPath(target, entry.id));
  };
}

/** GET /user/entrepreneur/ajax-entrepreneurs-proposal {investor_proposal_id,
 * entrepreneurs_proposal_id} (and the investor's ajax-investor-proposal): the connect dialog on
 * the other side's entry with the member's own proposal chosen, its message prefilled when
 * they are connected already. */
export function proposalCall(side: Side) {
  return async function loader({ request }: LoaderFunctionArgs) {
    const member = await requireMember(request);
    const target = otherSide(side);
    const ids = { entrepreneur: ["entrepreneurs_proposal_id", "entrepreneur_proposal_id"], investor: ["investor_proposal_id", "investors_proposal_id"] };
    const entry = await requireFound(query(request, ...ids[target]), (id) => othersEntry(target, member.id, id));
    const rawOwn = query(request, ...ids[side]);
    const own = rawOwn === null ? null : await requireFound(rawOwn, (id) => getOwnEntry(side, member.id, id));
    return redirect(`${entryPath(target, entry.id)}/connect${own ? `?proposal=${own.id}` : ""}`);
  };
}

function answerOf(raw: string | null) {
  const value = raw?.toLowerCase() ?? "";
  if (["accept", "accepted", "approve", "1"].includes(value)) return "accept";
  if (["decline", "declined", "reject", "0", "2"].includes(value)) return "decline";
  return null;
}

/** GET …/ajax-connection-action-call {connection_id, call_action}: never changes anything; it
 * answers with the confirmation form (the answer dialog) for the member asked to answer. A POST
 * with the same fields is that form's action. */
export function connectionActionCall() {
  return {
    async loader({ request }: LoaderFunctionArgs) {
      const member = await requireMember(request);
      const answer = answerOf(query(request, "call_action"));
      const connection = await requireFound(query(request, "connection_id"), (id) => getConnection(member.id, id));
      if (!answer || !connection.isRecipient) notFound();
      return redirect(`${connectionPath(connection.id)}/${answer}`);
    },
    async action(args: ActionFunctionArgs) {
      await requireMember(args.request);
      const form = await args.request.clone().formData();
      const url = new URL(args.request.url);
      const pick = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : url.searchParams.get(name));
      const answer = answerOf(pick("call_action"));
      const id = parseId(pick("connection_id"));
      if (!answer || id === null) notFound();
      return answerConnection({ ...args, params: { connectionId: String(id), answer } });
    },
  };
}
