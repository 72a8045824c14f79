import { parseWithZod } from "~/lib/parse-form.server";
import { redirect } from "@remix-run/node";
import { TERMS_CHANGED, connect, connectTerms, connectionsOnEntry, existingConnection, openConnectionCount } from "~/features/proposals/connections.server";
import { type Side, INVESTOR_CONNECT_DELAY_MS, amountInput, connectionPath, entryPath, otherSide, rateInput, sidePath } from "~/features/proposals/constants";
import { deleteEntry } from "~/features/proposals/delete-entry.server";
import { addDocument, documentsFor } from "~/features/proposals/documents.server";
import {
  createEntrepreneur,
  createInvestor,
  type Entry,
  getOwnEntry,
  othersEntry,
  ownProposals,
  updateEntrepreneur,
  updateInvestor,
} from "~/features/proposals/entries.server";
import { ConnectSchema, EntrepreneurSchema, type EntryFilter, FilterSchema, InvestorSchema } from "~/features/proposals/schema.server";
import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { deleteFile } from "~/lib/files.server";
import { backTo, formFailure, notFound, parseId, requireFound } from "~/lib/http.server";
import { requestedPage } from "~/lib/paging";
import { countryOptions } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";
import { clubCurrency } from "~/lib/club.server";

// The route handlers both sides share: app/routes/proposals/user.entrepreneurs.* and
// user.investors.* call these with their side, so the two areas answer alike.

/** An entry's name as members read it (the confirmation names it, not "this event"). */
export function entryName(entry: Entry) {
  return "business_name" in entry ? entry.business_name : `${entry.owner_name}'s investor entry`;
}

/** A list page's data: `list` (listEntrepreneurs or listInvestors) with the address's filters. */
export async function listData<Row>(
  request: Request,
  list: (filter: EntryFilter, page: number) => Promise<{ entries: Row[]; total: number; page: number; pages: number }>,
) {
  const params = new URL(request.url).searchParams;
  const filter = FilterSchema.parse(Object.fromEntries(params));
  const { entries, total, page, pages } = await list(filter, requestedPage(params));
  return {
    entries,
    total,
    page,
    pages,
    filter: {
      sector: filter.sector,
      country: filter.country,
      min: filter.min === null ? "" : amountInput(filter.min),
      max: filter.max === null ? "" : amountInput(filter.max),
    },
    countries: countryOptions(),
    currency: await clubCurrency(),
  };
}

export async function formData(side: Side) {
  return {
    constraint: constraintOf(side === "entrepreneur" ? EntrepreneurSchema : InvestorSchema),
    countries: countryOptions(),
    currency: await clubCurrency(),
    documentAccept: acceptAttribute("proposal_document"),
  };
}

/** What an entry's edit form starts from. */
export function entryDefaults(side: Side, entry: Record<string, unknown>): Record<string, string | string[]> {
  const common = { amount: amountInput(Number(entry.amount_cents)), term_months: String(entry.term_months), rate: rateInput(Number(entry.rate_bp)) };
  if (side === "entrepreneur") {
    return {
      ...common,
      business_name: String(entry.business_name),
      sector: String(entry.sector),
      purpose: String(entry.purpose),
      country: String(entry.country),
    };
  }
  return {
    ...common,
    min_ticket: amountInput(Number(entry.min_ticket_cents)),
    max_ticket: amountInput(Number(entry.max_ticket_cents)),
    sectors: entry.sectorList as string[],
    countries: entry.countryCodes as string[],
  };
}

/** The create and edit dialogs' action: validate, save, and show the entry's loan view. */
export async function saveEntry(request: Request, member: Member, side: Side, existingId: number | null) {
  const received =
    side === "entrepreneur"
      ? await receiveFormWithFile(request, { kind: "proposal_document", ownerId: member.id, field: "document" })
      : { fields: await request.formData(), file: null, error: null };
  const fileId = received.file?.id ?? null;
  const refuse = async (reply: ReturnType<typeof formFailure>) => {
    if (fileId) await deleteFile(fileId);
    return reply;
  };
  let id = existingId;
  if (side === "entrepreneur") {
    const submission = parseWithZod(received.fields, { schema: EntrepreneurSchema });
    if (submission.status !== "success" || received.error) {
      return refuse(formFailure(submission.reply(received.error ? { fieldErrors: { document: [received.error] } } : undefined)));
    }
    if (id === null) id = await createEntrepreneur(member.id, submission.value);
    else if (!(await updateEntrepreneur(member.id, id, submission.value))) {
      await refuse(formFailure(submission.reply()));
      notFound();
    }
    if (fileId) await addDocument(id, fileId);
  } else {
    const submission = parseWithZod(received.fields, { schema: InvestorSchema });
    if (submission.status !== "success") return formFailure(submission.reply());
    if (id === null) id = await createInvestor(member.id, submission.value);
    else if (!(await updateInvestor(member.id, id, submission.value))) notFound();
  }
  const what = side === "entrepreneur" ? "Entrepreneur entry" : "Investor entry";
  // A new entry made from the connect dialog (?back=) goes back there, ready to connect.
  const to = existingId === null ? backTo(request, entryPath(side, id)) : entryPath(side, id);
  return respond(request, { type: "success", message: existingId === null ? `${what} created.` : `${what} saved.` }, { to });
}

/** The loan view: the entry, whether it is the viewer's, its documents (owner and counterparts
 * only) and the viewer's connections on it. */
export async function loanViewData<T extends Entry>(side: Side, member: Member, rawId: unknown, get: (id: number) => Promise<T | null>) {
  const entry = await requireFound(rawId, get);
  const isOwner = entry.member_id === member.id;
  const [documents, connections, proposals] = await Promise.all([
    "business_name" in entry ? documentsFor(member.id, entry) : Promise.resolve([]),
    isOwner ? Promise.resolve([]) : connectionsOnEntry(member.id, side, entry.id),
    isOwner ? Promise.resolve([]) : ownProposals(member.id, otherSide(side)),
  ]);
  return { entry, isOwner, documents, connections, hasProposals: proposals.length > 0 };
}

export async function ownEntryOr404(side: Side, member: Member, rawId: unknown) {
  return requireFound(rawId, (id) => getOwnEntry(side, member.id, id));
}

export async function deleteData(side: Side, member: Member, rawId: unknown) {
  const entry = await ownEntryOr404(side, member, rawId);
  return { id: entry.id, name: entryName(entry), open: await openConnectionCount(side, entry.id) };
}

export async function deleteAnswer(side: Side, request: Request, member: Member, rawId: unknown) {
  const entry = await ownEntryOr404(side, member, rawId);
  const deleted = await deleteEntry(side, member.id, entry.id);
  if (!deleted) notFound();
  const closed = deleted.closed ? ` ${deleted.closed === 1 ? "1 connection was" : `${deleted.closed} connections were`} closed and the members told.` : "";
  return respond(request, { type: "success", message: `${entryName(entry)} deleted.${closed}` }, { to: sidePath(side) });
}

/**
 * The connect dialog on an entry of `side` (someone else's): the viewer's own proposals of the
 * other side, the one chosen (`?proposal=`, else the newest), and the connection it already
 * has (the dialog then reads Update, its message prefilled and the agreement ticked).
 */
export async function connectData(side: Side, request: Request, member: Member, rawId: unknown) {
  const entry = await requireFound(rawId, (id) => othersEntry(side, member.id, id));
  const memberSide = otherSide(side);
  const proposals = await ownProposals(member.id, memberSide);
  const asked = new URL(request.url).searchParams.get("proposal");
  const chosen = asked === null || asked === "" ? (proposals[0]?.id ?? null) : parseId(asked);
  if (asked && !proposals.some((proposal) => proposal.id === chosen)) notFound();
  const [existing, terms] =
    chosen === null
      ? [null, null]
      : await Promise.all([existingConnection(member.id, memberSide, chosen, entry.id), connectTerms(member.id, memberSide, chosen, entry.id)]);
  return {
    entry: { id: entry.id, name: entryName(entry), owner_name: entry.owner_name },
    side,
    proposals: proposals.map((proposal) => ({ value: String(proposal.id), label: proposal.label })),
    chosen: chosen === null ? null : String(chosen),
    existing: existing && existing.status !== "closed" ? { id: existing.id, message: existing.message, status: existing.status } : null,
    terms,
    delayMs: memberSide === "investor" ? INVESTOR_CONNECT_DELAY_MS : 0,
    newProposalPath: `${sidePath(memberSide)}/new?back=${encodeURIComponent(`${entryPath(side, entry.id)}/connect`)}`,
  };
}

/** The connect form's POST: `{type, message, url}` for a fetch, a redirect to the connection
 * for a form post; a refusal beside its field, or, when the terms shown (`terms_hash`) are not
 * the terms as they stand, a refusal with the terms to read (`terms`). `intent=choose` (the
 * select's Choose button without JS) reloads the dialog for the proposal chosen. SPEC.md §3's names for the chosen proposal
 * (entrepreneurs_proposal_id, investor_proposal_id) are read too. */
export async function connectAnswer(side: Side, request: Request, member: Member, rawId: unknown) {
  const entry = await requireFound(rawId, (id) => othersEntry(side, member.id, id));
  const memberSide = otherSide(side);
  const fields = await request.formData();
  if (!fields.get("proposal_id")) {
    const spelled = fields.get(memberSide === "entrepreneur" ? "entrepreneurs_proposal_id" : "investor_proposal_id") ?? fields.get("investors_proposal_id");
    if (typeof spelled === "string") fields.set("proposal_id", spelled);
  }
  if (fields.get("intent") === "choose") {
    const chosen = parseId(fields.get("proposal_id"));
    return redirect(`${entryPath(side, entry.id)}/connect${chosen === null ? "" : `?proposal=${chosen}`}`);
  }
  const submission = parseWithZod(fields, { schema: ConnectSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { proposal_id, message, terms_hash } = submission.value;
  const result = await connect(member, memberSide, proposal_id, entry.id, message, terms_hash);
  if (!result.ok) {
    if (result.reason === "terms_changed") return formFailure(submission.reply({ formErrors: [TERMS_CHANGED] }), { terms: result.terms }, 409);
    if (result.reason === "closed")
      return formFailure(submission.reply({ formErrors: ["This connection was closed: its entry was deleted."] }), undefined, 409);
    return formFailure(submission.reply({ fieldErrors: { proposal_id: ["Choose one of your proposals."] } }));
  }
  const notice = result.updated ? `Proposal to ${entry.owner_name} updated.` : `Proposal sent to ${entry.owner_name}.`;
  return respond(request, { type: "success", message: notice }, { to: connectionPath(result.connectionId) });
}
