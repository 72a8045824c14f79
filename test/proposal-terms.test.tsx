import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { AgreedTerms } from "~/features/proposals/AgreedTerms";
import { readTerms } from "~/features/proposals/TermsSummary";
import { loader as connectOnEntrepreneurForm } from "~/routes/proposals/user.entrepreneurs.$entryId_.connect";
import { loader as connectOnInvestorForm } from "~/routes/proposals/user.investors.$entryId_.connect";
import { action as newEntrepreneur } from "~/routes/proposals/user.entrepreneurs.new";
import { action as newInvestor } from "~/routes/proposals/user.investors.new";
import { BASE, createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";

type Fields = Record<string, string | string[]>;

function post(path: string, fields: Fields, member: TestMember) {
  const body = new URLSearchParams({ csrf: "x" });
  for (const [name, value] of Object.entries(fields)) for (const each of [value].flat()) body.append(name, each);
  return new Request(`${BASE}${path}`, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie } });
}

const VENTURE = {
  business_name: "Green Mill Ltd",
  sector: "agriculture",
  amount: "25000",
  purpose: "A second cassava mill.\nAnd a dryer.",
  term_months: "24",
  rate: "9.5",
  country: "NG",
};
const OFFER = {
  amount: "100000",
  sectors: ["agriculture", "technology"],
  min_ticket: "5000",
  max_ticket: "50000",
  term_months: "36",
  rate: "12",
  countries: ["NG", "GH"],
};

async function idFrom(response: Response) {
  expect(response.status, await response.clone().text()).toBe(302);
  return Number(response.headers.get("Location")!.split("/").pop());
}
const venture = async (member: TestMember, fields: Fields = {}) =>
  idFrom(await settle(() => newEntrepreneur(routeArgs(post("/user/entrepreneurs/new", { ...VENTURE, ...fields }, member)))));
const offer = async (member: TestMember, fields: Fields = {}) =>
  idFrom(await settle(() => newInvestor(routeArgs(post("/user/investors/new", { ...OFFER, ...fields }, member)))));

type Dialog = { proposals: { value: string; label: string }[]; terms: { text: string; hash: string; differences: string[] } };

async function connectDialog(member: TestMember, path: string) {
  const entryId = path.split("/").pop()!;
  const loader = path.startsWith("/user/investors/") ? connectOnInvestorForm : connectOnEntrepreneurForm;
  const response = await settle(() => loader(routeArgs(getRequest(`${path}/connect`, member.cookie), { entryId })));
  expect(response.status).toBe(200);
  return (await response.json()) as Dialog;
}

describe("the connect dialog", () => {
  test("names each of the member's proposals by its terms, not by a number", async () => {
    const ada = await createSignedInMember();
    const ben = await createSignedInMember();
    const mill = await venture(ada);
    const fund = await offer(ben);
    const onVenture = await connectDialog(ben, `/user/entrepreneurs/${mill}`);
    expect(onVenture.proposals).toEqual([{ value: String(fund), label: "$100,000 over 36 months at 12 %, tickets $5,000 to $50,000" }]);
    const onOffer = await connectDialog(ada, `/user/investors/${fund}`);
    expect(onOffer.proposals).toEqual([{ value: String(mill), label: "Green Mill Ltd: $25,000 over 24 months at 9.5 %" }]);
  });

  test("says where the two entries differ before the member agrees, and shows the terms as lists", async () => {
    const ada = await createSignedInMember();
    const ben = await createSignedInMember();
    await venture(ada, { sector: "retail", amount: "60000", country: "KE" });
    const fund = await offer(ben);
    const { terms } = await connectDialog(ada, `/user/investors/${fund}`);
    expect(terms.differences).toEqual([
      "Term: 24 months asked for, 36 months offered.",
      "Rate: 9.5 % a year offered, 12 % a year expected.",
      "Amount: $60,000 sought, tickets from $5,000 to $50,000.",
      "Sector: Retail and trade is not among the investor's sectors.",
      "Country: Kenya is not among the investor's countries.",
    ]);
    const html = renderToStaticMarkup(<AgreedTerms terms={terms} />);
    expect(html).not.toContain("<pre");
    expect(html).toContain('<dt>Rate offered</dt><dd class="prewrap">9.5 % a year</dd>');
    expect(html).toContain('<dt>Rate expected</dt><dd class="prewrap">12 % a year</dd>');
    expect(html).toContain("The two entries differ.");
    expect(html).toContain("<li>Term: 24 months asked for, 36 months offered.</li>");
    expect(html).toContain(`name="terms_hash" value="${terms.hash}"`);
  });

  test("matching entries show no differences", async () => {
    const ada = await createSignedInMember();
    const ben = await createSignedInMember();
    await venture(ada, { term_months: "36", rate: "12" });
    const fund = await offer(ben);
    const { terms } = await connectDialog(ada, `/user/investors/${fund}`);
    expect(terms.differences).toEqual([]);
    expect(renderToStaticMarkup(<AgreedTerms terms={terms} />)).not.toContain("differ");
  });
});

describe("reading a terms text", () => {
  test("a purpose of several lines stays one value; a text laid out otherwise is not read", () => {
    const text = [
      "Entrepreneur: Ada, for Green Mill Ltd",
      "Sector: Agriculture",
      "Amount sought: $25,000",
      "Purpose: A mill.",
      "",
      "Term: none of your business",
      "Term: 24 months",
      "Rate offered: 9.5 % a year",
      "Country: Nigeria",
      "",
      "Investor: Ben",
      "Amount available: $100,000",
      "Tickets: $5,000 to $50,000",
      "Sectors: Agriculture",
      "Term: 36 months",
      "Rate expected: 12 % a year",
      "Countries: Any country",
    ].join("\n");
    const sections = readTerms(text);
    expect(sections?.[0][3]).toEqual({ label: "Purpose", value: "A mill.\n\nTerm: none of your business" });
    expect(sections?.[1].at(-1)).toEqual({ label: "Countries", value: "Any country" });
    expect(readTerms("Something else entirely")).toBeNull();
  });
});
