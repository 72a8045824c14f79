import crypto from "node:crypto";
import fs from "node:fs";
import { PostgresAdapter, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { TERMS_CHANGED } from "~/features/proposals/connections.server";
import { proposalDataOf } from "~/features/proposals/export.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { loader as fileLoader } from "~/routes/files/user.files.$token";
import { action as answerAction, loader as answerLoader } from "~/routes/proposals/user.connections_.$connectionId.$answer";
import { loader as connectionLoader } from "~/routes/proposals/user.connections_.$connectionId";
import { loader as connectionsLoader } from "~/routes/proposals/user.connections";
import { action as connectOnEntrepreneur, loader as connectOnEntrepreneurForm } from "~/routes/proposals/user.entrepreneurs.$entryId_.connect";
import { action as deleteEntrepreneur, loader as deleteEntrepreneurForm } from "~/routes/proposals/user.entrepreneurs.$entryId_.delete";
import { action as editEntrepreneur, loader as editEntrepreneurForm } from "~/routes/proposals/user.entrepreneurs.$entryId_.edit";
import { action as deleteDocumentAction, loader as deleteDocumentForm } from "~/routes/proposals/user.entrepreneurs.$entryId_.documents.$documentId.delete";
import { loader as entrepreneurView } from "~/routes/proposals/user.entrepreneurs.$entryId";
import { action as newEntrepreneur } from "~/routes/proposals/user.entrepreneurs.new";
import { loader as entrepreneursList } from "~/routes/proposals/user.entrepreneurs";
import { action as connectOnInvestor, loader as connectOnInvestorForm } from "~/routes/proposals/user.investors.$entryId_.connect";
import { action as deleteInvestor } from "~/routes/proposals/user.investors.$entryId_.delete";
import { action as editInvestor } from "~/routes/proposals/user.investors.$entryId_.edit";
import { action as newInvestor } from "~/routes/proposals/user.investors.new";
import { loader as investorsList } from "~/routes/proposals/user.investors";
import { DOCUMENT_HEADS, uploadRequest } from "./fixtures/files";
import { BASE, createSignedInMember, flashOf, getRequest, readStored, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

type Fields = Record<string, string | string[]>;

/** A form POST; a field given as a list is sent once per value (checkboxes, a multiple select). */
function post(path: string, fields: Fields, member: TestMember, { json = false } = {}) {
  const body = new URLSearchParams();
  body.append("csrf", "x");
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) body.append(name, each);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie };
  if (json) headers.Accept = "application/json";
  return new Request(`${BASE}${path}`, { method: "POST", body, headers });
}

const VENTURE = {
  business_name: "Green Mill Ltd",
  sector: "agriculture",
  amount: "25000",
  purpose: "A second cassava mill.",
  term_months: "24",
  rate: "12.5",
  country: "NG",
};
const OFFER = {
  amount: "100000",
  sectors: ["agriculture", "technology"],
  min_ticket: "5000",
  max_ticket: "50000",
  term_months: "36",
  rate: "10",
  countries: ["NG", "GH"],
};

async function idFrom(response: Response) {
  expect(response.status, await response.clone().text()).toBe(302);
  return Number(response.headers.get("Location")!.split("/").pop());
}

async function venture(member: TestMember, fields: Fields = {}) {
  return idFrom(await settle(() => newEntrepreneur(routeArgs(post("/user/entrepreneurs/new", { ...VENTURE, ...fields }, member)))));
}

/** A SPEC address's GET as `member`: where it redirects, or its status. */
async function get(loader: (args: ReturnType<typeof routeArgs>) => Promise<unknown>, path: string, member: TestMember) {
  const response = await settle(() => loader(routeArgs(getRequest(path, member.cookie))));
  return response.status === 302 ? response.headers.get("Location") : response.status;
}

/** A venture added with its business plan (a PDF) as the entry's document. */
async function ventureWithPlan(member: TestMember) {
  const upload = uploadRequest(
    "/user/entrepreneurs/new",
    { name: "plan.pdf", content: DOCUMENT_HEADS.pdf(), type: "application/pdf" },
    {
      cookie: member.cookie,
      field: "document",
      fields: { csrf: "x", ...VENTURE },
    },
  );
  return idFrom(await settle(() => newEntrepreneur(routeArgs(upload))));
}

async function offer(member: TestMember, fields: Fields = {}) {
  return idFrom(await settle(() => newInvestor(routeArgs(post("/user/investors/new", { ...OFFER, ...fields }, member)))));
}

/** The hash of the terms the connect dialog on `entryPath` ("/user/investors/3") shows the
 * member for their proposal `proposalId`; "" when the dialog is not theirs to open. */
async function shownHash(member: TestMember, entryPath: string, proposalId: unknown) {
  const entryId = entryPath.split("/").pop()!;
  const form = entryPath.startsWith("/user/investors/") ? connectOnInvestorForm : connectOnEntrepreneurForm;
  const response = await settle(() => form(routeArgs(getRequest(`${entryPath}/connect?proposal=${proposalId}`, member.cookie), { entryId })));
  if (response.status !== 200) return "";
  return ((await response.json()) as { terms: { hash: string } }).terms.hash;
}

/** The entrepreneur connects their venture with an investor's entry from the dialog, sending
 * back the hash of the terms it showed (unless `fields` carry one). */
async function entrepreneurConnects(member: TestMember, investorId: number, fields: Fields, options: { json?: boolean } = {}) {
  const shown: Fields = "terms_hash" in fields ? {} : { terms_hash: await shownHash(member, `/user/investors/${investorId}`, fields.proposal_id) };
  return settle(() =>
    connectOnInvestor(routeArgs(post(`/user/investors/${investorId}/connect`, { ...fields, ...shown }, member, options), { entryId: String(investorId) })),
  );
}

async function json<T>(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

function connectionPage(member: TestMember, id: number) {
  return settle(() => connectionLoader(routeArgs(getRequest(`/user/connections/${id}`, member.cookie), { connectionId: String(id) })));
}

/** The terms the accept dialog shows the member ("" for a dialog that is not theirs). */
async function acceptDialogTerms(member: TestMember, id: number) {
  const response = await settle(() =>
    answerLoader(routeArgs(getRequest(`/user/connections/${id}/accept`, member.cookie), { connectionId: String(id), answer: "accept" })),
  );
  if (response.status !== 200) return { text: "", hash: "" };
  return ((await response.json()) as { terms: { text: string; hash: string } }).terms;
}

/** Accepts (agreeing to the terms the dialog showed, unless `termsHash` says otherwise) or declines. */
async function answer(member: TestMember, id: number, what: "accept" | "decline", message = "", termsHash?: string) {
  const fields: Fields = what === "accept" ? { message, terms_hash: termsHash ?? (await acceptDialogTerms(member, id)).hash } : { message };
  return settle(() => answerAction(routeArgs(post(`/user/connections/${id}/${what}`, fields, member), { connectionId: String(id), answer: what })));
}

type Trail = { action: string; member_name: string; message: string | null; terms_text: string | null; terms_hash: string | null }[];

describe("entrepreneur and investor entries", () => {
  test("bad input is answered beside each field, never a 500, and nothing is saved", async () => {
    const member = await createSignedInMember();
    const bad = await settle(() =>
      newEntrepreneur(
        routeArgs(
          post(
            "/user/entrepreneurs/new",
            { ...VENTURE, business_name: " ", amount: "-5", term_months: "0", rate: "-1", sector: "mining", country: "XX" },
            member,
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(await replyErrors(bad)).toEqual({
      business_name: ["Business is required."],
      amount: ["The amount cannot be below zero."],
      term_months: ["Enter from 1 to 600 months."],
      rate: ["The rate cannot be below zero."],
      sector: ["Choose a sector from the list."],
      country: ["Choose a country from the list."],
    });
    expect(await replyErrors(await settle(() => newEntrepreneur(routeArgs(post("/user/entrepreneurs/new", { ...VENTURE, amount: "abc" }, member)))))).toEqual({
      amount: ["Enter an amount like 25000 or 25000.50."],
    });

    const ranges = await settle(() => newInvestor(routeArgs(post("/user/investors/new", { ...OFFER, min_ticket: "60000", max_ticket: "50000" }, member))));
    expect(await replyErrors(ranges)).toEqual({ max_ticket: ["The maximum ticket cannot be below the minimum."] });
    const above = await settle(() => newInvestor(routeArgs(post("/user/investors/new", { ...OFFER, max_ticket: "200000" }, member))));
    expect(await replyErrors(above)).toEqual({ max_ticket: ["The maximum ticket cannot be above the amount available."] });
    const none = await settle(() => newInvestor(routeArgs(post("/user/investors/new", { ...OFFER, sectors: [], min_ticket: "-1", amount: "0" }, member))));
    expect(await replyErrors(none)).toEqual({
      sectors: ["Choose at least one sector."],
      min_ticket: ["The amount cannot be below zero."],
      amount: ["Enter an amount above 0."],
    });
    expect(await db.selectFrom("entrepreneur_entries").select("id").execute()).toHaveLength(0);
    expect(await db.selectFrom("investor_entries").select("id").execute()).toHaveLength(0);
  });

  test("entries are saved in integer cents and basis points, listed for every member, and filtered from the address", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const mill = await venture(ada);
    await venture(ada, { business_name: "Accra Apps", sector: "technology", amount: "90000.50", country: "GH" });
    const fund = await offer(ben);
    const health = await offer(ben, { sectors: ["health"], countries: [], min_ticket: "60000", max_ticket: "90000" });

    expect(await db.selectFrom("entrepreneur_entries").select(["amount_cents", "rate_bp", "term_months"]).where("id", "=", mill).executeTakeFirst()).toEqual({
      amount_cents: 2_500_000,
      rate_bp: 1250,
      term_months: 24,
    });
    expect(await db.selectFrom("investor_entries").select(["sectors", "countries", "min_ticket_cents"]).where("id", "=", fund).executeTakeFirst()).toEqual({
      sectors: "|agriculture|technology|",
      countries: "|NG|GH|",
      min_ticket_cents: 500_000,
    });

    type List = { total: number; entries: { business_name?: string; id: number }[] };
    const entrepreneurs = (query: string) =>
      settle(() => entrepreneursList(routeArgs(getRequest(`/user/entrepreneurs${query}`, ben.cookie)))).then((r) => json<List>(r));
    const investors = (query: string) => settle(() => investorsList(routeArgs(getRequest(`/user/investors${query}`, ada.cookie)))).then((r) => json<List>(r));
    expect((await entrepreneurs("")).total).toBe(2);
    expect((await entrepreneurs("?sector=agriculture")).entries.map((entry) => entry.business_name)).toEqual(["Green Mill Ltd"]);
    expect((await entrepreneurs("?country=GH")).entries.map((entry) => entry.business_name)).toEqual(["Accra Apps"]);
    expect((await entrepreneurs("?min=30000&max=100000")).entries.map((entry) => entry.business_name)).toEqual(["Accra Apps"]);
    // Filters that cannot be read are ignored, never a 500.
    expect((await entrepreneurs("?min=-4&sector=nope&country=ZZZ&page=x")).total).toBe(2);
    expect((await investors("?sector=technology")).entries.map((entry) => entry.id)).toEqual([fund]);
    // An investor lending in any country is found by every country.
    expect((await investors("?country=KE")).total).toBe(1);
    expect((await investors("?country=NG")).total).toBe(2);
    // Ticket ranges meeting the amount range.
    expect((await investors("?min=55000&max=65000")).entries.map((entry) => entry.id)).toEqual([health]);
    expect((await investors("?max=5000")).entries.map((entry) => entry.id)).toEqual([fund]);

    // The loan view is every member's; its edit and delete dialogs are the owner's alone.
    const view = await json<{ isOwner: boolean; entry: { business_name: string } }>(
      await settle(() => entrepreneurView(routeArgs(getRequest(`/user/entrepreneurs/${mill}`, ben.cookie), { entryId: String(mill) }))),
    );
    expect(view).toMatchObject({ isOwner: false, entry: { business_name: "Green Mill Ltd" } });
    expect(
      (await settle(() => editEntrepreneurForm(routeArgs(getRequest(`/user/entrepreneurs/${mill}/edit`, ben.cookie), { entryId: String(mill) })))).status,
    ).toBe(404);
    expect((await settle(() => editEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/edit`, VENTURE, ben), { entryId: String(mill) })))).status).toBe(
      404,
    );
    expect((await settle(() => deleteEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/delete`, {}, ben), { entryId: String(mill) })))).status).toBe(
      404,
    );
    expect((await settle(() => deleteInvestor(routeArgs(post(`/user/investors/${fund}/delete`, {}, ada), { entryId: String(fund) })))).status).toBe(404);
    expect((await settle(() => entrepreneurView(routeArgs(getRequest("/user/entrepreneurs/99999", ben.cookie), { entryId: "99999" })))).status).toBe(404);
    expect((await settle(() => entrepreneurView(routeArgs(getRequest("/user/entrepreneurs/abc", ben.cookie), { entryId: "abc" })))).status).toBe(404);
  });
});

describe("connections", () => {
  test("connect (Connect, then Update), the answer shapes, accept with the deal trail, and an edit that cannot change what was agreed", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const mill = await venture(ada);
    const fund = await offer(ben);

    // A first investor entry made from the connect dialog goes back to it.
    const fromDialog = await settle(() =>
      newInvestor(routeArgs(post(`/user/investors/new?back=${encodeURIComponent(`/user/entrepreneurs/${mill}/connect`)}`, OFFER, ben))),
    );
    expect(fromDialog.headers.get("Location")).toBe(`/user/entrepreneurs/${mill}/connect`);

    // The connect dialog on Ben's entry offers Ada's own proposals; none is connected yet.
    const form = await json<{ proposals: { value: string }[]; chosen: string; existing: null }>(
      await settle(() => connectOnInvestorForm(routeArgs(getRequest(`/user/investors/${fund}/connect`, ada.cookie), { entryId: String(fund) }))),
    );
    expect(form).toMatchObject({ proposals: [{ value: String(mill) }], chosen: String(mill), existing: null });

    // Refused: no agreement tick, no message, someone else's proposal.
    const refused = await entrepreneurConnects(ada, fund, { proposal_id: String(mill), message: " " });
    expect(refused.status).toBe(400);
    expect(await replyErrors(refused)).toEqual({ message: ["Message is required."], is_agree: ["Tick the agreement to connect."] });
    const notHers = await entrepreneurConnects(ada, fund, { proposal_id: String(fund + 1000), message: "Hello", is_agree: "on" });
    expect(await replyErrors(notHers)).toEqual({ proposal_id: ["Choose one of your proposals."] });
    // One's own entry cannot be connected to.
    expect(
      (await settle(() => connectOnInvestorForm(routeArgs(getRequest(`/user/investors/${fund}/connect`, ben.cookie), { entryId: String(fund) })))).status,
    ).toBe(404);

    // With fetch: {type, message, url}.
    const sent = await entrepreneurConnects(ada, fund, { proposal_id: String(mill), message: "We need a second mill.", is_agree: "on" }, { json: true });
    const body = await json<{ type: string; message: string; url: string }>(sent);
    expect(body).toMatchObject({ type: "success", message: "Proposal sent to Ben Capital." });
    const connectionId = Number(body.url.split("/").pop());
    expect(body.url).toBe(`/user/connections/${connectionId}`);

    // Ben is told, and sees it waiting for his answer.
    const note = await db.selectFrom("notifications").select(["message", "link_url"]).where("member_id", "=", ben.id).executeTakeFirstOrThrow();
    expect(note).toEqual({ message: "Ada Mill wants to connect on Green Mill Ltd.", link_url: `/user/connections/${connectionId}` });
    const list = await json<{ connections: { id: number; waitingForMe: boolean; otherName: string }[] }>(
      await settle(() => connectionsLoader(routeArgs(getRequest("/user/connections", ben.cookie)))),
    );
    expect(list.connections).toEqual([expect.objectContaining({ id: connectionId, waitingForMe: true, otherName: "Ada Mill" })]);

    // The dialog now reads Update, with the message prefilled (a document POST redirects).
    const again = await json<{ existing: { message: string } }>(
      await settle(() =>
        connectOnInvestorForm(routeArgs(getRequest(`/user/investors/${fund}/connect?proposal=${mill}`, ada.cookie), { entryId: String(fund) })),
      ),
    );
    expect(again.existing).toMatchObject({ message: "We need a second mill." });
    const updated = await entrepreneurConnects(ada, fund, { proposal_id: String(mill), message: "We need a second mill by March.", is_agree: "on" });
    expect(updated.status).toBe(302);
    expect(updated.headers.get("Location")).toBe(`/user/connections/${connectionId}`);
    expect(await flashOf(updated)).toEqual({ type: "success", message: "Proposal to Ben Capital updated." });
    // Someone else's proposal in the address is a 404.
    const carl = await createSignedInMember({ name: "Carl Outsider" });
    const carlMill = await venture(carl, { business_name: "Carl Co" });
    expect(
      (
        await settle(() =>
          connectOnInvestorForm(routeArgs(getRequest(`/user/investors/${fund}/connect?proposal=${carlMill}`, ada.cookie), { entryId: String(fund) })),
        )
      ).status,
    ).toBe(404);

    // Ada cannot answer her own proposal; Ben accepts.
    expect(
      (
        await settle(() =>
          answerLoader(routeArgs(getRequest(`/user/connections/${connectionId}/accept`, ada.cookie), { connectionId: String(connectionId), answer: "accept" })),
        )
      ).status,
    ).toBe(404);
    expect((await answer(ada, connectionId, "accept")).status).toBe(404);
    const accepted = await answer(ben, connectionId, "accept", "Let us meet on Monday.");
    expect(await flashOf(accepted)).toEqual({ type: "success", message: "You accepted the proposal." });
    expect((await answer(ben, connectionId, "decline")).status).toBe(404);
    expect(await db.selectFrom("notifications").select("message").where("member_id", "=", ada.id).execute()).toEqual([
      { message: "Ben Capital accepted your proposal for Green Mill Ltd." },
    ]);

    // Both see the status and the messages; the trail keeps the exact terms with their hash.
    for (const member of [ada, ben]) {
      const page = await json<{ connection: { status: string }; trail: Trail; currentHash: string }>(await connectionPage(member, connectionId));
      expect(page.connection.status).toBe("accepted");
      expect(page.trail.map((step) => [step.action, step.member_name, step.message])).toEqual([
        ["connect", "Ada Mill", "We need a second mill."],
        ["update", "Ada Mill", "We need a second mill by March."],
        ["accept", "Ben Capital", "Let us meet on Monday."],
      ]);
    }
    const trail = await db.selectFrom("connection_events").selectAll().where("connection_id", "=", connectionId).orderBy("id").execute();
    const agreed = trail[2].terms_text!;
    expect(agreed).toContain("Amount sought: $25,000");
    expect(agreed).toContain("Rate offered: 12.5 % a year");
    expect(trail[2].terms_hash).toBe(crypto.createHash("sha256").update(agreed).digest("hex"));

    // Ada edits her entry afterwards: what Ben agreed to stays as it was.
    expect(
      (
        await settle(() =>
          editEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/edit`, { ...VENTURE, amount: "40000" }, ada), { entryId: String(mill) })),
        )
      ).status,
    ).toBe(302);
    const after = await json<{ trail: Trail; currentHash: string }>(await connectionPage(ben, connectionId));
    expect(after.trail[2].terms_text).toBe(agreed);
    expect(after.currentHash).not.toBe(trail[2].terms_hash);

    // Someone who is not part of it gets 404 on the connection, its answer dialog and its messages.
    expect((await connectionPage(carl, connectionId)).status).toBe(404);
    expect((await answer(carl, connectionId, "decline")).status).toBe(404);
    expect((await settle(() => connectionLoader(routeArgs(getRequest("/user/connections/x", carl.cookie), { connectionId: "x" })))).status).toBe(404);
    const carlList = await json<{ connections: unknown[] }>(await settle(() => connectionsLoader(routeArgs(getRequest("/user/connections", carl.cookie)))));
    expect(carlList.connections).toEqual([]);

    // The data export holds each member's own proposal data.
    const exported = await proposalDataOf(ada.id);
    expect(exported.entrepreneurEntries.map((entry) => entry.business_name)).toEqual(["Green Mill Ltd"]);
    expect(exported.investorEntries).toEqual([]);
    expect(exported.connections[0].trail.map((step) => step.action)).toEqual(["connect", "update", "accept"]);
    expect((await proposalDataOf(carl.id)).connections).toEqual([]);
  });

  test("an investor connects on an entrepreneur entry and is declined; documents are the owner's and the counterpart's only", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const carl = await createSignedInMember({ name: "Carl Outsider" });
    const mill = await ventureWithPlan(ada);
    const fund = await offer(ben);
    const file = await db.selectFrom("files").select(["token", "kind"]).executeTakeFirstOrThrow();
    expect(file.kind).toBe("proposal_document");
    const read = (member: TestMember) => settle(() => fileLoader(routeArgs(getRequest(`/user/files/${file.token}`, member.cookie), { token: file.token })));
    expect((await read(ada)).status).toBe(200);
    expect((await read(ben)).status).toBe(404);

    const form = await json<{ delayMs: number; chosen: string }>(
      await settle(() => connectOnEntrepreneurForm(routeArgs(getRequest(`/user/entrepreneurs/${mill}/connect`, ben.cookie), { entryId: String(mill) }))),
    );
    expect(form).toMatchObject({ delayMs: 1000, chosen: String(fund) });
    const terms_hash = await shownHash(ben, `/user/entrepreneurs/${mill}`, fund);
    const sent = await settle(() =>
      connectOnEntrepreneur(
        routeArgs(post(`/user/entrepreneurs/${mill}/connect`, { proposal_id: String(fund), message: "Happy to lend.", is_agree: "on", terms_hash }, ben), {
          entryId: String(mill),
        }),
      ),
    );
    const connectionId = Number(sent.headers.get("Location")!.split("/").pop());
    // The counterpart of an open connection reads the documents; an outsider does not.
    expect((await read(ben)).status).toBe(200);
    expect((await read(carl)).status).toBe(404);
    const view = await json<{ documents: { name: string }[] }>(
      await settle(() => entrepreneurView(routeArgs(getRequest(`/user/entrepreneurs/${mill}`, ben.cookie), { entryId: String(mill) }))),
    );
    expect(view.documents.map((document) => document.name)).toEqual(["plan.pdf"]);
    const outsiderView = await json<{ documents: unknown[] }>(
      await settle(() => entrepreneurView(routeArgs(getRequest(`/user/entrepreneurs/${mill}`, carl.cookie), { entryId: String(mill) }))),
    );
    expect(outsiderView.documents).toEqual([]);

    const declined = await answer(ada, connectionId, "decline");
    expect(await flashOf(declined)).toEqual({ type: "success", message: "You declined the proposal." });
    expect(await db.selectFrom("proposal_connections").select("status").where("id", "=", connectionId).executeTakeFirst()).toEqual({ status: "declined" });
    expect((await read(ben)).status).toBe(404);
    expect(await db.selectFrom("notifications").select("message").where("member_id", "=", ben.id).execute()).toEqual([
      { message: "Ada Mill declined your proposal for Green Mill Ltd." },
    ]);

    // The owner alone deletes a document, after asking.
    const { id: documentId } = await db.selectFrom("entrepreneur_documents").select("id").executeTakeFirstOrThrow();
    const params = { entryId: String(mill), documentId: String(documentId) };
    const path = `/user/entrepreneurs/${mill}/documents/${documentId}/delete`;
    expect((await settle(() => deleteDocumentForm(routeArgs(getRequest(path, ben.cookie), params)))).status).toBe(404);
    expect((await settle(() => deleteDocumentAction(routeArgs(post(path, {}, ben), params)))).status).toBe(404);
    expect(await json(await settle(() => deleteDocumentForm(routeArgs(getRequest(path, ada.cookie), params))))).toEqual({ entryId: mill, name: "plan.pdf" });
    const removed = await settle(() => deleteDocumentAction(routeArgs(post(path, {}, ada), params)));
    expect(await flashOf(removed)).toEqual({ type: "success", message: "plan.pdf deleted." });
    expect(await db.selectFrom("files").select("id").execute()).toEqual([]);
    expect((await read(ada)).status).toBe(404);
  });

  test("what is agreed is the terms the member was shown: an entry edited meanwhile refuses the connect and the accept, with the new terms, and nothing is saved", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const mill = await venture(ada);
    const fund = await offer(ben);
    type Terms = { text: string; hash: string };
    type Refusal = { result: { error: Record<string, string[]> }; terms: Terms };
    const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

    // The connect dialog shows the terms, with the hash the form sends back.
    const dialog = await json<{ terms: Terms }>(
      await settle(() =>
        connectOnInvestorForm(routeArgs(getRequest(`/user/investors/${fund}/connect?proposal=${mill}`, ada.cookie), { entryId: String(fund) })),
      ),
    );
    expect(dialog.terms.text).toContain("Amount available: $100,000");
    expect(dialog.terms.hash).toBe(sha256(dialog.terms.text));

    // Ben edits his entry while Ada reads: her connect is refused with the new terms, as a page
    // (no JS) and as JSON (fetch); sending no hash at all is refused the same way.
    const edited = await settle(() =>
      editInvestor(routeArgs(post(`/user/investors/${fund}/edit`, { ...OFFER, amount: "120000" }, ben), { entryId: String(fund) })),
    );
    expect(edited.status).toBe(302);
    const fields = { proposal_id: String(mill), message: "We need a second mill.", is_agree: "on" };
    for (const [hash, options] of [
      [dialog.terms.hash, {}],
      [dialog.terms.hash, { json: true }],
      ["", {}],
    ] as const) {
      const refused = await entrepreneurConnects(ada, fund, { ...fields, terms_hash: hash }, options);
      expect(refused.status).toBe(409);
      const body = (await refused.json()) as Refusal;
      expect(body.result.error[""]).toEqual([TERMS_CHANGED]);
      expect(body.terms.text).toContain("Amount available: $120,000");
      expect(body.terms.hash).toBe(sha256(body.terms.text));
    }
    expect(await db.selectFrom("proposal_connections").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("connection_events").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("notifications").select("id").execute()).toEqual([]);

    // Read again and sent again: the trail holds exactly the terms shown.
    const reread = (await (await entrepreneurConnects(ada, fund, { ...fields, terms_hash: "" })).json()) as Refusal;
    const sent = await entrepreneurConnects(ada, fund, { ...fields, terms_hash: reread.terms.hash });
    const connectionId = await idFrom(sent);
    const [connected] = await db.selectFrom("connection_events").select(["terms_text", "terms_hash"]).where("connection_id", "=", connectionId).execute();
    expect(connected).toEqual({ terms_text: reread.terms.text, terms_hash: reread.terms.hash });

    // Without JS, Choose reloads the dialog for the proposal in the select (nothing is sent).
    const chosen = await entrepreneurConnects(ada, fund, { proposal_id: String(mill), intent: "choose", message: "" });
    expect(chosen.headers.get("Location")).toBe(`/user/investors/${fund}/connect?proposal=${mill}`);
    expect(await db.selectFrom("connection_events").select("id").execute()).toHaveLength(1);

    // The accept dialog shows the terms too; Ada edits her venture before Ben confirms.
    const shown = await acceptDialogTerms(ben, connectionId);
    expect(shown.text).toBe(reread.terms.text);
    const declineDialog = await json<{ terms: Terms | null }>(
      await settle(() =>
        answerLoader(routeArgs(getRequest(`/user/connections/${connectionId}/decline`, ben.cookie), { connectionId: String(connectionId), answer: "decline" })),
      ),
    );
    expect(declineDialog.terms).toBeNull();
    expect(
      (await settle(() => editEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/edit`, { ...VENTURE, rate: "11" }, ada), { entryId: String(mill) }))))
        .status,
    ).toBe(302);
    const late = await answer(ben, connectionId, "accept", "Agreed.", shown.hash);
    expect(late.status).toBe(409);
    const lateBody = (await late.json()) as Refusal;
    expect(lateBody.result.error[""]).toEqual([TERMS_CHANGED]);
    expect(lateBody.terms.text).toContain("Rate offered: 11 % a year");
    expect(await db.selectFrom("proposal_connections").select("status").executeTakeFirst()).toEqual({ status: "pending" });
    expect(await db.selectFrom("connection_events").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("notifications").select("id").where("member_id", "=", ada.id).execute()).toEqual([]);

    const accepted = await answer(ben, connectionId, "accept", "Agreed.", lateBody.terms.hash);
    expect(await flashOf(accepted)).toEqual({ type: "success", message: "You accepted the proposal." });
    const trail = await db.selectFrom("connection_events").select(["action", "terms_text"]).where("connection_id", "=", connectionId).orderBy("id").execute();
    expect(trail).toEqual([
      { action: "connect", terms_text: reread.terms.text },
      { action: "accept", terms_text: lateBody.terms.text },
    ]);
  });

  test("connecting, answering and deleting are each one transaction: a failure part-way leaves nothing half-done, and files go only once committed", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const mill = await ventureWithPlan(ada);
    const fund = await offer(ben);
    const file = await db.selectFrom("files").select(["id", "storage_key"]).executeTakeFirstOrThrow();
    const fields = { proposal_id: String(mill), message: "Hello", is_agree: "on" };

    // Telling the other member (each change's last step) fails: the change and its trail step are undone.
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    async function whileNotificationsFail(run: () => Promise<unknown>) {
      if (postgres) {
        await sql`create function fail_notification() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$`.execute(db);
        await sql`create trigger fail_notification before insert on notifications for each row execute function fail_notification()`.execute(db);
      } else {
        await sql`create trigger fail_notification before insert on notifications begin select raise(abort, 'boom'); end`.execute(db);
      }
      try {
        await expect(run()).rejects.toThrow("boom");
      } finally {
        await sql`drop trigger fail_notification${postgres ? sql` on notifications` : sql``}`.execute(db);
        if (postgres) await sql`drop function fail_notification()`.execute(db);
      }
    }
    const events = () => db.selectFrom("connection_events").select("action").orderBy("id").execute();

    await whileNotificationsFail(() => entrepreneurConnects(ada, fund, fields));
    expect(await db.selectFrom("proposal_connections").select("id").execute()).toEqual([]);
    expect(await events()).toEqual([]);
    const connectionId = await idFrom(await entrepreneurConnects(ada, fund, fields));

    await whileNotificationsFail(() => answer(ben, connectionId, "accept"));
    expect(await db.selectFrom("proposal_connections").select("status").executeTakeFirst()).toEqual({ status: "pending" });
    expect(await events()).toEqual([{ action: "connect" }]);
    expect(await flashOf(await answer(ben, connectionId, "accept"))).toEqual({ type: "success", message: "You accepted the proposal." });

    // Deleting: the entry stays, with its document (its stored file too) and its open connection.
    const deleteMill = () => settle(() => deleteEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/delete`, {}, ada), { entryId: String(mill) })));
    await whileNotificationsFail(deleteMill);
    expect(await db.selectFrom("entrepreneur_entries").select("deleted_at").executeTakeFirst()).toEqual({ deleted_at: null });
    expect(await db.selectFrom("entrepreneur_documents").select("file_id").execute()).toEqual([{ file_id: file.id }]);
    expect((await readStored(file.storage_key)).length).toBeGreaterThan(0);
    expect(await db.selectFrom("proposal_connections").select("status").executeTakeFirst()).toEqual({ status: "accepted" });
    expect(await events()).toEqual([{ action: "connect" }, { action: "accept" }]);

    const deleted = await deleteMill();
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Green Mill Ltd deleted. 1 connection was closed and the members told." });
    expect(await db.selectFrom("files").select("id").execute()).toEqual([]);
    await expect(readStored(file.storage_key)).rejects.toThrow();
    expect(await events()).toEqual([{ action: "connect" }, { action: "accept" }, { action: "close" }]);
  });

  test("deleting an entry asks first, closes its open connections and tells both sides; the trail stays readable", async () => {
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const dee = await createSignedInMember({ name: "Dee Funds" });
    const mill = await venture(ada);
    const fund = await offer(ben);
    const other = await offer(dee);
    for (const investor of [fund, other]) {
      await entrepreneurConnects(ada, investor, { proposal_id: String(mill), message: "Hello", is_agree: "on" });
    }
    const confirm = await json<{ name: string; open: number }>(
      await settle(() => deleteEntrepreneurForm(routeArgs(getRequest(`/user/entrepreneurs/${mill}/delete`, ada.cookie), { entryId: String(mill) }))),
    );
    expect(confirm).toEqual({ id: mill, name: "Green Mill Ltd", open: 2 });

    const deleted = await settle(() => deleteEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/delete`, {}, ada), { entryId: String(mill) })));
    expect(deleted.headers.get("Location")).toBe("/user/entrepreneurs");
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Green Mill Ltd deleted. 2 connections were closed and the members told." });
    expect(await db.selectFrom("proposal_connections").select("status").execute()).toEqual([{ status: "closed" }, { status: "closed" }]);
    for (const member of [ben, dee]) {
      expect(await db.selectFrom("notifications").select("message").where("member_id", "=", member.id).orderBy("id", "desc").executeTakeFirst()).toEqual({
        message: "Ada Mill deleted the entrepreneur entry Green Mill Ltd: the connection is closed.",
      });
    }
    expect((await db.selectFrom("notifications").select("message").where("member_id", "=", ada.id).execute()).length).toBe(2);
    const [connection] = await db.selectFrom("proposal_connections").select("id").orderBy("id").execute();
    const page = await json<{ connection: { status: string }; trail: Trail }>(await connectionPage(ben, connection.id));
    expect(page.connection.status).toBe("closed");
    expect(page.trail.map((step) => step.action)).toEqual(["connect", "close"]);
    // Gone from the list and its loan view; a second delete is a 404.
    const list = await json<{ total: number }>(await settle(() => entrepreneursList(routeArgs(getRequest("/user/entrepreneurs", ben.cookie)))));
    expect(list.total).toBe(0);
    expect((await settle(() => entrepreneurView(routeArgs(getRequest(`/user/entrepreneurs/${mill}`, ben.cookie), { entryId: String(mill) })))).status).toBe(
      404,
    );
    expect((await settle(() => deleteEntrepreneur(routeArgs(post(`/user/entrepreneurs/${mill}/delete`, {}, ada), { entryId: String(mill) })))).status).toBe(
      404,
    );
    // Editing a deleted entry is refused; an investor entry without connections deletes quietly.
    expect((await settle(() => editInvestor(routeArgs(post(`/user/investors/${fund}/edit`, OFFER, ada), { entryId: String(fund) })))).status).toBe(404);
    const quiet = await settle(() => deleteInvestor(routeArgs(post(`/user/investors/${fund}/delete`, {}, ben), { entryId: String(fund) })));
    expect(await flashOf(quiet)).toEqual({ type: "success", message: "Ben Capital's investor entry deleted." });
  });
});

describe("SPEC.md §7's addresses", () => {
  test("each answers with the area's route, for the member's own rows, the other side's entries or their connections; 404 otherwise", async () => {
    const { loader: loadModal } = await import("~/routes/spec/user.entrepreneur.ajax-load-modal");
    const { loader: investorLoadModal } = await import("~/routes/spec/user.investor.ajax-load-modal");
    const { loader: viewModal } = await import("~/routes/spec/user.entrepreneur.ajax-view-modal");
    const { loader: proposal } = await import("~/routes/spec/user.entrepreneur.ajax-entrepreneurs-proposal");
    const { loader: investorProposal } = await import("~/routes/spec/user.investor.ajax-investor-proposal");
    const { loader: actionCall, action: actionCallPost } = await import("~/routes/spec/user.entrepreneur.ajax-connection-action-call");
    const { action: specDeleteEntrepreneur } = await import("~/routes/spec/user.entrepreneur.delete");
    const { action: specDeleteInvestor } = await import("~/routes/spec/user.investor.delete");
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const carl = await createSignedInMember({ name: "Carl Outsider" });
    const mill = await venture(ada);
    const fund = await offer(ben);
    expect(await get(loadModal, "/user/entrepreneur/ajax-load-modal", ada)).toBe("/user/entrepreneurs/new");
    expect(await get(loadModal, `/user/entrepreneur/ajax-load-modal?id=${fund}`, ada)).toBe(`/user/investors/${fund}/connect`);
    expect(await get(loadModal, `/user/entrepreneur/ajax-load-modal?id=${fund}`, ben)).toBe(404);
    expect(await get(investorLoadModal, `/user/investor/ajax-load-modal?id=${mill}`, ben)).toBe(`/user/entrepreneurs/${mill}/connect`);
    expect(await get(viewModal, `/user/entrepreneur/ajax-view-modal?id=${mill}&user_type=entrepreneur`, carl)).toBe(`/user/entrepreneurs/${mill}`);
    expect(await get(viewModal, `/user/entrepreneur/ajax-view-modal?id=${fund}&user_type=investor`, carl)).toBe(`/user/investors/${fund}`);
    expect(await get(viewModal, "/user/entrepreneur/ajax-view-modal?id=9999&user_type=investor", carl)).toBe(404);
    const asked = `/user/entrepreneur/ajax-entrepreneurs-proposal?investor_proposal_id=${fund}&user_type=entrepreneur&entrepreneurs_proposal_id=${mill}`;
    expect(await get(proposal, asked, ada)).toBe(`/user/investors/${fund}/connect?proposal=${mill}`);
    // Carl's is not his proposal to choose.
    expect(await get(proposal, asked, carl)).toBe(404);
    expect(
      await get(
        investorProposal,
        `/user/investor/ajax-investor-proposal?entrepreneurs_proposal_id=${mill}&user_type=investor&investor_proposal_id=${fund}`,
        ben,
      ),
    ).toBe(`/user/entrepreneurs/${mill}/connect?proposal=${fund}`);

    await entrepreneurConnects(ada, fund, { proposal_id: String(mill), message: "Hello", is_agree: "on" });
    const { id } = await db.selectFrom("proposal_connections").select("id").executeTakeFirstOrThrow();
    // The GET only answers with the confirmation form; nothing changes.
    expect(await get(actionCall, `/user/entrepreneur/ajax-connection-action-call?connection_id=${id}&call_action=accept`, ben)).toBe(
      `/user/connections/${id}/accept`,
    );
    expect(await get(actionCall, `/user/entrepreneur/ajax-connection-action-call?connection_id=${id}&call_action=accept`, ada)).toBe(404);
    expect(await get(actionCall, `/user/entrepreneur/ajax-connection-action-call?connection_id=${id}&call_action=accept`, carl)).toBe(404);
    expect(await db.selectFrom("proposal_connections").select("status").executeTakeFirst()).toEqual({ status: "pending" });
    const refused = await settle(() =>
      actionCallPost(routeArgs(post("/user/entrepreneur/ajax-connection-action-call", { connection_id: String(id), call_action: "decline" }, carl))),
    );
    expect(refused.status).toBe(404);
    const declined = await settle(() =>
      actionCallPost(
        routeArgs(post("/user/entrepreneur/ajax-connection-action-call", { connection_id: String(id), call_action: "decline" }, ben, { json: true })),
      ),
    );
    expect(await json(declined)).toEqual({ type: "success", message: "You declined the proposal.", url: `/user/connections/${id}` });

    expect((await settle(() => specDeleteEntrepreneur(routeArgs(post("/user/entrepreneur/delete", { entrepreneur_id: String(mill) }, carl))))).status).toBe(
      404,
    );
    const removed = await settle(() =>
      specDeleteEntrepreneur(routeArgs(post("/user/entrepreneur/delete", { entrepreneur_id: String(mill) }, ada, { json: true }))),
    );
    expect(await json(removed)).toEqual({ type: "success", message: "Green Mill Ltd deleted.", url: "/user/entrepreneurs" });
    expect((await settle(() => specDeleteInvestor(routeArgs(post("/user/investor/delete", { investor_id: String(fund) }, ben))))).status).toBe(302);
  });

  test("the investor's addresses: its view, load and action-call dialogs, and its delete, for the member's own rows or connections only", async () => {
    const { loader: viewModal } = await import("~/routes/spec/user.investor.ajax-view-modal");
    const { loader: loadModal } = await import("~/routes/spec/user.investor.ajax-load-modal");
    const { loader: actionCall, action: actionCallPost } = await import("~/routes/spec/user.investor.ajax-connection-action-call");
    const { action: specDeleteInvestor } = await import("~/routes/spec/user.investor.delete");
    const ada = await createSignedInMember({ name: "Ada Mill" });
    const ben = await createSignedInMember({ name: "Ben Capital" });
    const carl = await createSignedInMember({ name: "Carl Outsider" });
    const mill = await venture(ada);
    const fund = await offer(ben);

    // The loan view of either side's entry (the investor's own side when user_type is not given).
    expect(await get(viewModal, `/user/investor/ajax-view-modal?id=${fund}`, carl)).toBe(`/user/investors/${fund}`);
    expect(await get(viewModal, `/user/investor/ajax-view-modal?id=${fund}&user_type=investor`, ada)).toBe(`/user/investors/${fund}`);
    expect(await get(viewModal, `/user/investor/ajax-view-modal?id=${mill}&user_type=entrepreneur`, carl)).toBe(`/user/entrepreneurs/${mill}`);
    expect(await get(viewModal, "/user/investor/ajax-view-modal?id=9999&user_type=entrepreneur", carl)).toBe(404);
    expect(await get(viewModal, "/user/investor/ajax-view-modal?id=x", carl)).toBe(404);

    // Without an id, the form for a new investor entry; with one, the connect dialog on that
    // entrepreneur entry (never on one's own, nor on an entry that is not there).
    expect(await get(loadModal, "/user/investor/ajax-load-modal", ben)).toBe("/user/investors/new");
    expect(await get(loadModal, `/user/investor/ajax-load-modal?id=${mill}`, ben)).toBe(`/user/entrepreneurs/${mill}/connect`);
    expect(await get(loadModal, `/user/investor/ajax-load-modal?id=${mill}`, ada)).toBe(404);
    expect(await get(loadModal, "/user/investor/ajax-load-modal?id=9999", ben)).toBe(404);

    // Ada's proposal waits for Ben: the GET answers him with the confirmation dialog, changing nothing.
    const connectionId = await idFrom(await entrepreneurConnects(ada, fund, { proposal_id: String(mill), message: "Hello", is_agree: "on" }));
    const call = (what: string) => `/user/investor/ajax-connection-action-call?connection_id=${connectionId}&call_action=${what}`;
    expect(await get(actionCall, call("accept"), ben)).toBe(`/user/connections/${connectionId}/accept`);
    expect(await get(actionCall, call("decline"), ben)).toBe(`/user/connections/${connectionId}/decline`);
    expect(await get(actionCall, call("accept"), ada)).toBe(404);
    expect(await get(actionCall, call("accept"), carl)).toBe(404);
    expect(await get(actionCall, call("maybe"), ben)).toBe(404);
    expect(await db.selectFrom("proposal_connections").select("status").executeTakeFirst()).toEqual({ status: "pending" });
    // The POST accepts, agreeing to the terms the dialog showed; for nobody else.
    const { hash } = await acceptDialogTerms(ben, connectionId);
    const fields = { connection_id: String(connectionId), call_action: "accept", terms_hash: hash };
    expect((await settle(() => actionCallPost(routeArgs(post("/user/investor/ajax-connection-action-call", fields, carl))))).status).toBe(404);
    expect((await settle(() => actionCallPost(routeArgs(post("/user/investor/ajax-connection-action-call", fields, ada))))).status).toBe(404);
    const accepted = await settle(() => actionCallPost(routeArgs(post("/user/investor/ajax-connection-action-call", fields, ben, { json: true }))));
    expect(await json(accepted)).toEqual({ type: "success", message: "You accepted the proposal.", url: `/user/connections/${connectionId}` });

    // Deleting is the owner's: anyone else's POST is a 404 and the entry stays.
    for (const member of [ada, carl]) {
      expect((await settle(() => specDeleteInvestor(routeArgs(post("/user/investor/delete", { investor_id: String(fund) }, member))))).status).toBe(404);
    }
    expect(await db.selectFrom("investor_entries").select("deleted_at").where("id", "=", fund).executeTakeFirst()).toEqual({ deleted_at: null });
    const removed = await settle(() => specDeleteInvestor(routeArgs(post("/user/investor/delete", { investor_id: String(fund) }, ben, { json: true }))));
    expect(await json(removed)).toEqual({
      type: "success",
      message: "Ben Capital's investor entry deleted. 1 connection was closed and the members told.",
      url: "/user/investors",
    });
  });
});
