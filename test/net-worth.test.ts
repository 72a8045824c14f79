import { describe, expect, test } from "vitest";
import { netWorthDataOf } from "~/features/networth/networth.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { action as currencyAction, loader as currencyLoader } from "~/routes/networth/user.net-worth.currency";
import { action as deleteEntryAction, loader as deleteEntryLoader } from "~/routes/networth/user.net-worth.entries.$entryId_.delete";
import { action as editEntryAction, loader as editEntryLoader } from "~/routes/networth/user.net-worth.entries.$entryId_.edit";
import { loader as viewEntryLoader } from "~/routes/networth/user.net-worth.entries.$entryId";
import { action as newExpenseAction, loader as newExpenseLoader } from "~/routes/networth/user.net-worth.expenses.new";
import { action as newIncomeAction, loader as newIncomeLoader } from "~/routes/networth/user.net-worth.income.new";
import { action as deleteLineAction, loader as deleteLineLoader } from "~/routes/networth/user.net-worth.lines.$lineId.delete";
import { action as editLineAction, loader as editLineLoader } from "~/routes/networth/user.net-worth.lines.$lineId.edit";
import { action as newEntryAction, loader as newEntryLoader } from "~/routes/networth/user.net-worth.new";
import { loader as pageLoader } from "~/routes/networth/user.net-worth";
import { loader as homeLoader } from "~/routes/home/user._index";
import { loader as printLoader } from "~/routes/networth/user.net-worth_.print";
import { loader as csvLoader } from "~/routes/networth/user.net-worth_.statement[.]csv";
import { loader as specAddExpenses } from "~/routes/spec/user.task.my-net-worth.add-expenses";
import { loader as specAddIncome } from "~/routes/spec/user.task.my-net-worth.add-gross-income";
import { action as specDelete } from "~/routes/spec/user.task.my-net-worth.delete";
import { loader as specEditExpenses } from "~/routes/spec/user.task.my-net-worth.edit-expenses";
import { loader as specEditIncome } from "~/routes/spec/user.task.my-net-worth.edit-gross-income";
import { loader as specAdd } from "~/routes/spec/user.task.my-net-worth.get-add-view";
import { loader as specEdit } from "~/routes/spec/user.task.my-net-worth.get-edit-view";
import { loader as specView } from "~/routes/spec/user.task.my-net-worth.get-view";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const YEAR = new Date().getUTCFullYear();

type Quarter = {
  quarter: number;
  assets: number | null;
  liabilities: number | null;
  netWorth: number | null;
  income: number | null;
  expenses: number | null;
  netIncome: number | null;
  netWorthChange: { previousQuarter: number | null; previousYear: number | null };
};
type PageData = {
  year: number;
  years: number[];
  currency: string;
  entries: { id: number; title: string; values: (number | null)[] }[];
  lines: { id: number; flow: string; amount_cents: number }[];
  quarters: Quarter[];
  totals: { latestNetWorth: { quarter: number; value: number } | null; income: number | null };
  charts: { netWorth: { path: string | null }; incomeExpenses: { groups: unknown[] } };
};

const post = (member: TestMember, path: string, fields: Record<string, string>) => postRequest(path, { csrf: "x", ...fields }, member.cookie);

async function page(member: TestMember, query = `?year=${YEAR}`) {
  const response = await settle(() => pageLoader(routeArgs(getRequest(`/user/net-worth${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

async function addEntry(member: TestMember, fields: Record<string, string>) {
  const response = await settle(() => newEntryAction(routeArgs(post(member, `/user/net-worth/new?year=${YEAR}`, { year: String(YEAR), ...fields }))));
  expect(response.status, await response.clone().text()).toBe(302);
  return (await db.selectFrom("net_worth_entries").select("id").where("member_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

async function addLine(member: TestMember, flow: "income" | "expenses", fields: Record<string, string>) {
  const action = flow === "income" ? newIncomeAction : newExpenseAction;
  const response = await settle(() => action(routeArgs(post(member, `/user/net-worth/${flow}/new?year=${YEAR}`, { year: String(YEAR), ...fields }))));
  expect(response.status, await response.clone().text()).toBe(302);
  return (await db.selectFrom("net_worth_lines").select("id").where("member_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

describe("net worth", () => {
  test("adding an entry refuses bad input beside each field, negatives included; then it counts in its year", async () => {
    const member = await createSignedInMember();
    const form = await settle(() => newEntryLoader(routeArgs(getRequest(`/user/net-worth/new?year=${YEAR - 1}`, member.cookie))));
    expect(await form.json()).toMatchObject({ year: YEAR - 1, currency: env().PAYMENT_CURRENCY });

    const bad = await settle(() =>
      newEntryAction(routeArgs(post(member, "/user/net-worth/new", { title: " ", type: "yacht", year: "1999", q1: "-100", q2: "abc", q3: "1.999" }))),
    );
    expect(bad.status).toBe(400);
    expect(await replyErrors(bad)).toEqual({
      title: ["Title is required."],
      type: ["Choose a type from the list."],
      year: ["Enter a year from 2000 to 2100."],
      q1: ["The amount cannot be negative."],
      q2: ["Enter an amount like 2500 or 2,500.50."],
      q3: ["Enter an amount like 2500 or 2,500.50."],
    });
    expect(await db.selectFrom("net_worth_entries").select("id").execute()).toHaveLength(0);

    const response = await settle(() =>
      newEntryAction(
        routeArgs(
          post(member, `/user/net-worth/new?year=${YEAR}`, {
            title: "House on Allen Avenue",
            type: "property",
            year: String(YEAR),
            q1: "250,000",
            q3: "260000.50",
          }),
        ),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/net-worth?year=${YEAR}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: `“House on Allen Avenue” added to your net worth for ${YEAR}.` });
    await addEntry(member, { title: "Mortgage", type: "mortgage", q1: "200000", q2: "199000", q4: "0" });

    const data = await page(member);
    expect(data.entries.map((entry) => [entry.title, entry.values])).toEqual([
      ["House on Allen Avenue", [25_000_000, null, 26_000_050, null]],
      ["Mortgage", [20_000_000, 19_900_000, null, 0]],
    ]);
    expect(data.quarters.map((quarter) => [quarter.assets, quarter.liabilities, quarter.netWorth])).toEqual([
      [25_000_000, 20_000_000, 5_000_000],
      [25_000_000, 19_900_000, 5_100_000],
      [26_000_050, 19_900_000, 6_100_050],
      [26_000_050, 0, 26_000_050],
    ]);
    expect(data.totals.latestNetWorth).toEqual({ quarter: 4, value: 26_000_050 });
    expect(data.charts.netWorth.path).toMatch(/^M[\d.]+,[\d.]+L/);
    // Another year is empty.
    expect((await page(member, `?year=${YEAR + 1}`)).entries).toEqual([]);
  });

  test("the year comes from ?year= (or net_work_year); a year out of range answers 400", async () => {
    const member = await createSignedInMember();
    expect((await page(member, "")).year).toBe(YEAR);
    expect((await page(member, "?net_work_year=2019")).year).toBe(2019);
    expect((await page(member, "?year=2019")).years).toContain(2019);
    for (const query of ["?year=1999", "?year=abc", "?year=20201"]) {
      const response = await settle(() => pageLoader(routeArgs(getRequest(`/user/net-worth${query}`, member.cookie))));
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Enter a year from 2000 to 2100.");
    }
  });

  test("editing and deleting an entry; the confirmation names what is deleted", async () => {
    const member = await createSignedInMember();
    const id = await addEntry(member, { title: "Savings", type: "cash", q1: "1000" });
    const edit = await settle(() => editEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${id}/edit`, member.cookie), { entryId: String(id) })));
    expect(await edit.json()).toMatchObject({ entry: { title: "Savings", q1_cents: 100_000 } });

    const refused = await settle(() =>
      editEntryAction(
        routeArgs(post(member, `/user/net-worth/entries/${id}/edit`, { title: "Savings", type: "cash", year: String(YEAR), q2: "-1" }), {
          entryId: String(id),
        }),
      ),
    );
    expect(await replyErrors(refused)).toEqual({ q2: ["The amount cannot be negative."] });

    const saved = await settle(() =>
      editEntryAction(
        routeArgs(
          post(member, `/user/net-worth/entries/${id}/edit`, { title: "Savings account", type: "cash", year: String(YEAR - 1), q1: "1000", q2: "1500.25" }),
          { entryId: String(id) },
        ),
      ),
    );
    expect(saved.headers.get("Location")).toBe(`/user/net-worth?year=${YEAR - 1}`);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "“Savings account” saved." });
    expect((await page(member, `?year=${YEAR - 1}`)).entries[0]).toMatchObject({ title: "Savings account", values: [100_000, 150_025, null, null] });

    const view = await settle(() => viewEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${id}`, member.cookie), { entryId: String(id) })));
    expect(await view.json()).toMatchObject({ entry: { title: "Savings account", year: YEAR - 1 }, currency: env().PAYMENT_CURRENCY });

    const confirm = await settle(() =>
      deleteEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${id}/delete`, member.cookie), { entryId: String(id) })),
    );
    expect(await confirm.json()).toEqual({ title: "Savings account", year: YEAR - 1, kind: "asset" });
    const deleted = await settle(() => deleteEntryAction(routeArgs(post(member, `/user/net-worth/entries/${id}/delete`, {}), { entryId: String(id) })));
    expect(deleted.headers.get("Location")).toBe(`/user/net-worth?year=${YEAR - 1}`);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: `“Savings account” deleted from your net worth for ${YEAR - 1}.` });
    expect(await db.selectFrom("net_worth_entries").select("id").execute()).toHaveLength(0);
  });

  test("income and expense lines per quarter: validation, totals, edit and delete", async () => {
    const member = await createSignedInMember();
    const form = await settle(() => newIncomeLoader(routeArgs(getRequest(`/user/net-worth/income/new?year=${YEAR}&quarter=3`, member.cookie))));
    expect(await form.json()).toMatchObject({ flow: "income", year: YEAR, quarter: "3" });
    const expenseForm = await settle(() => newExpenseLoader(routeArgs(getRequest(`/user/net-worth/expenses/new?quarter=9`, member.cookie))));
    expect(await expenseForm.json()).toMatchObject({ flow: "expense", year: YEAR, quarter: "" });

    const bad = await settle(() =>
      newIncomeAction(routeArgs(post(member, "/user/net-worth/income/new", { year: String(YEAR), quarter: "5", category: "housing", amount: "-10" }))),
    );
    expect(await replyErrors(bad)).toEqual({
      quarter: ["Choose a quarter."],
      category: ["Choose a category from the list."],
      amount: ["The amount cannot be negative."],
    });
    const empty = await settle(() =>
      newExpenseAction(routeArgs(post(member, "/user/net-worth/expenses/new", { year: String(YEAR), quarter: "1", category: "housing", amount: "" }))),
    );
    expect(await replyErrors(empty)).toEqual({ amount: ["Enter the amount."] });

    const salary = await addLine(member, "income", { quarter: "1", category: "salary", description: "Acme Ltd", amount: "3000.10" });
    await addLine(member, "income", { quarter: "1", category: "rental", amount: "0.20" });
    const rent = await addLine(member, "expenses", { quarter: "1", category: "housing", amount: "1200" });
    await addLine(member, "expenses", { quarter: "2", category: "taxes", amount: "99.99" });

    let data = await page(member);
    expect(data.quarters.map((quarter) => [quarter.income, quarter.expenses, quarter.netIncome])).toEqual([
      [300_030, 120_000, 180_030],
      [0, 9_999, -9_999],
      [null, null, null],
      [null, null, null],
    ]);
    expect(data.totals.income).toBe(300_030);
    expect(data.charts.incomeExpenses.groups).toHaveLength(4);

    const edit = await settle(() => editLineLoader(routeArgs(getRequest(`/user/net-worth/lines/${rent}/edit`, member.cookie), { lineId: String(rent) })));
    expect(await edit.json()).toMatchObject({ line: { flow: "expense", category: "housing", amount_cents: 120_000 } });
    // An expense line keeps to the expense categories.
    const wrong = await settle(() =>
      editLineAction(
        routeArgs(post(member, `/user/net-worth/lines/${rent}/edit`, { year: String(YEAR), quarter: "1", category: "salary", amount: "1" }), {
          lineId: String(rent),
        }),
      ),
    );
    expect(await replyErrors(wrong)).toEqual({ category: ["Choose a category from the list."] });
    const saved = await settle(() =>
      editLineAction(
        routeArgs(post(member, `/user/net-worth/lines/${rent}/edit`, { year: String(YEAR), quarter: "2", category: "housing", amount: "1250" }), {
          lineId: String(rent),
        }),
      ),
    );
    expect(await flashOf(saved)).toEqual({ type: "success", message: `Housing (Q2 ${YEAR}) saved.` });

    const confirm = await settle(() =>
      deleteLineLoader(routeArgs(getRequest(`/user/net-worth/lines/${salary}/delete`, member.cookie), { lineId: String(salary) })),
    );
    expect(await confirm.json()).toMatchObject({ name: { kind: `Q1 ${YEAR} income line`, name: "Salary and wages" }, description: "Acme Ltd" });
    const deleted = await settle(() => deleteLineAction(routeArgs(post(member, `/user/net-worth/lines/${salary}/delete`, {}), { lineId: String(salary) })));
    expect(await flashOf(deleted)).toEqual({ type: "success", message: `Q1 ${YEAR} income line “Salary and wages” deleted.` });

    data = await page(member);
    expect(data.quarters.map((quarter) => [quarter.income, quarter.expenses, quarter.netIncome])).toEqual([
      [20, 0, 20],
      [0, 134_999, -134_999],
      [null, null, null],
      [null, null, null],
    ]);
  });

  test("another member gets 404 for every entry and line, to read or to change; bad ids too", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const entry = await addEntry(owner, { title: "Car", type: "vehicles", q1: "9000" });
    const line = await addLine(owner, "income", { quarter: "2", category: "salary", amount: "10" });
    const entryFields = { title: "Mine now", type: "cash", year: String(YEAR), q1: "1" };
    const lineFields = { year: String(YEAR), quarter: "1", category: "salary", amount: "1" };
    const calls = (who: TestMember, entryId: string, lineId: string) => [
      () => viewEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${entryId}`, who.cookie), { entryId })),
      () => editEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${entryId}/edit`, who.cookie), { entryId })),
      () => editEntryAction(routeArgs(post(who, `/user/net-worth/entries/${entryId}/edit`, entryFields), { entryId })),
      () => deleteEntryLoader(routeArgs(getRequest(`/user/net-worth/entries/${entryId}/delete`, who.cookie), { entryId })),
      () => deleteEntryAction(routeArgs(post(who, `/user/net-worth/entries/${entryId}/delete`, {}), { entryId })),
      () => editLineLoader(routeArgs(getRequest(`/user/net-worth/lines/${lineId}/edit`, who.cookie), { lineId })),
      () => editLineAction(routeArgs(post(who, `/user/net-worth/lines/${lineId}/edit`, lineFields), { lineId })),
      () => deleteLineLoader(routeArgs(getRequest(`/user/net-worth/lines/${lineId}/delete`, who.cookie), { lineId })),
      () => deleteLineAction(routeArgs(post(who, `/user/net-worth/lines/${lineId}/delete`, {}), { lineId })),
      () => specView(routeArgs(getRequest(`/user/task/my-net-worth/get-view?net_worth_id=${entryId}`, who.cookie))),
      () => specEdit(routeArgs(getRequest(`/user/task/my-net-worth/get-edit-view?net_work_id=${entryId}`, who.cookie))),
      () => specEditIncome(routeArgs(getRequest(`/user/task/my-net-worth/edit-gross-income?id=${lineId}`, who.cookie))),
      () => specDelete(routeArgs(post(who, "/user/task/my-net-worth/delete", { net_worth_id: entryId }))),
    ];
    for (const call of calls(other, String(entry), String(line))) expect((await settle(call)).status).toBe(404);
    for (const call of calls(owner, "abc", "99999999999")) expect((await settle(call)).status).toBe(404);
    expect((await page(other)).entries).toEqual([]);
    expect(await db.selectFrom("net_worth_entries").select("title").where("id", "=", entry).executeTakeFirst()).toEqual({ title: "Car" });
    expect(await db.selectFrom("net_worth_lines").select("amount_cents").where("id", "=", line).executeTakeFirst()).toEqual({ amount_cents: 1000 });
    // Nor can a form move someone else's row into one's own page by posting to one's own dialog.
    const own = await addEntry(other, { title: "Bike", type: "vehicles" });
    expect(
      (
        await settle(() =>
          editEntryAction(routeArgs(post(other, `/user/net-worth/entries/${own}/edit`, { ...entryFields, id: String(entry) }), { entryId: String(own) })),
        )
      ).status,
    ).toBe(302);
    expect(await db.selectFrom("net_worth_entries").select("title").where("id", "=", entry).executeTakeFirst()).toEqual({ title: "Car" });
  });

  test("SPEC's addresses lead to the dialogs of the member's own rows, with the spec's spellings", async () => {
    const member = await createSignedInMember();
    const entry = await addEntry(member, { title: "Shares", type: "investments", year: String(YEAR - 1), q4: "5000" });
    const income = await addLine(member, "income", { quarter: "2", category: "business", amount: "10" });
    const expense = await addLine(member, "expenses", { quarter: "2", category: "transport", amount: "5" });
    const location = async (call: () => Promise<unknown>) => {
      const response = await settle(call);
      expect(response.status).toBe(302);
      return response.headers.get("Location");
    };
    const get = (path: string) => routeArgs(getRequest(path, member.cookie));
    expect(await location(() => specView(get(`/user/task/my-net-worth/get-view?net_worth_id=${entry}`)))).toBe(
      `/user/net-worth/entries/${entry}?year=${YEAR - 1}`,
    );
    expect(await location(() => specView(get("/user/task/my-net-worth/get-view?net_work_year=2024")))).toBe("/user/net-worth?year=2024");
    expect(await location(() => specEdit(get(`/user/task/my-net-worth/get-edit-view?net_work_id=${entry}`)))).toBe(
      `/user/net-worth/entries/${entry}/edit?year=${YEAR - 1}`,
    );
    expect(await location(() => specAdd(get("/user/task/my-net-worth/get-add-view?net_work_year=2025")))).toBe("/user/net-worth/new?year=2025");
    expect(await location(() => specAddIncome(get("/user/task/my-net-worth/add-gross-income?net_work_year=2025&quarter=2")))).toBe(
      "/user/net-worth/income/new?year=2025&quarter=2",
    );
    expect(await location(() => specAddExpenses(get("/user/task/my-net-worth/add-expenses")))).toBe("/user/net-worth/expenses/new");
    expect(await location(() => specEditIncome(get(`/user/task/my-net-worth/edit-gross-income?net_worth_id=${income}`)))).toBe(
      `/user/net-worth/lines/${income}/edit?year=${YEAR}`,
    );
    expect(await location(() => specEditExpenses(get(`/user/task/my-net-worth/edit-expenses?id=${expense}`)))).toBe(
      `/user/net-worth/lines/${expense}/edit?year=${YEAR}`,
    );
    // An income line is not an expense line.
    expect((await settle(() => specEditExpenses(get(`/user/task/my-net-worth/edit-expenses?id=${income}`)))).status).toBe(404);

    const fetched = new Request(`http://chapter.test/user/task/my-net-worth/delete`, {
      method: "DELETE",
      body: new URLSearchParams({ csrf: "x", net_work_id: String(entry) }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: member.cookie },
    });
    const answer = await settle(() => specDelete(routeArgs(fetched)));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ type: "success", message: `“Shares” deleted from your net worth for ${YEAR - 1}.` });
    expect(await db.selectFrom("net_worth_entries").select("id").where("id", "=", entry).executeTakeFirst()).toBeUndefined();
  });

  test("the member's currency: PAYMENT_CURRENCY by default, a setting of their own, checked", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const form = await settle(() => currencyLoader(routeArgs(getRequest(`/user/net-worth/currency?year=${YEAR}`, member.cookie))));
    expect(await form.json()).toMatchObject({
      currency: env().PAYMENT_CURRENCY,
      clubCurrency: env().PAYMENT_CURRENCY,
      currencies: expect.arrayContaining([{ value: "NGN", label: "NGN · Nigerian Naira" }]),
    });
    const bad = await settle(() => currencyAction(routeArgs(post(member, "/user/net-worth/currency", { currency: "XYZW" }))));
    expect(await replyErrors(bad)).toEqual({ currency: ["Choose a currency from the list."] });
    // A bad year in the address is refused before anything is saved.
    expect((await settle(() => currencyAction(routeArgs(post(member, "/user/net-worth/currency?year=1", { currency: "EUR" }))))).status).toBe(400);
    expect((await page(member)).currency).toBe(env().PAYMENT_CURRENCY);
    const saved = await settle(() => currencyAction(routeArgs(post(member, `/user/net-worth/currency?year=${YEAR - 2}`, { currency: "ngn" }))));
    expect(saved.headers.get("Location")).toBe(`/user/net-worth?year=${YEAR - 2}`);
    expect(await flashOf(saved)).toEqual({ type: "success", message: "Your figures are now in NGN." });
    expect((await page(member)).currency).toBe("NGN");
    expect((await page(other)).currency).toBe(env().PAYMENT_CURRENCY);
  });

  test("the print page and the CSV hold the same year; the export function gives everything of the member's", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await addEntry(member, { title: '=HYPERLINK("x")', type: "cash", q1: "10.05" });
    await addEntry(member, { title: "Card", type: "credit_cards", q1: "20" });
    await addLine(member, "income", { quarter: "1", category: "salary", description: "Acme, Ltd", amount: "100" });
    await addEntry(other, { title: "Not mine", type: "cash", q1: "1" });

    const print = await settle(() => printLoader(routeArgs(getRequest(`/user/net-worth/print?year=${YEAR}`, member.cookie))));
    const printed = (await print.json()) as PageData & { name: string; categories: unknown };
    expect(printed.categories).toEqual([{ flow: "income", category: "salary", amounts: [10_000, null, null, null] }]);
    expect(printed).toMatchObject({ year: YEAR, name: member.name, quarters: [{ netWorth: -995 }, {}, {}, {}] });
    expect(printed.entries.map((entry) => entry.title)).toEqual(['=HYPERLINK("x")', "Card"]);

    const csv = await settle(() => csvLoader(routeArgs(getRequest(`/user/net-worth/statement.csv?year=${YEAR}`, member.cookie))));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="chapter-net-worth-${YEAR}.csv"`);
    const rows = (await csv.text()).split("\r\n");
    expect(rows).toContain(`Figure,Q1 ${YEAR},Q2 ${YEAR},Q3 ${YEAR},Q4 ${YEAR}`);
    expect(rows).toContain("Net worth,-9.95,-9.95,-9.95,-9.95");
    expect(rows).toContain("Gross income,100.00,,,");
    expect(rows).toContain(`"'=HYPERLINK(""x"")",Asset,Cash,10.05,,,`);
    expect(rows).toContain('Gross income,Q1,Salary and wages,"Acme, Ltd",100.00');
    expect(rows.join("\n")).not.toContain("Not mine");
    expect((await settle(() => csvLoader(routeArgs(getRequest("/user/net-worth/statement.csv?year=1066", member.cookie))))).status).toBe(400);

    const data = await netWorthDataOf(member.id);
    expect(data.currency).toBe(env().PAYMENT_CURRENCY);
    expect(data.entries.map((entry) => entry.title)).toEqual(['=HYPERLINK("x")', "Card"]);
    expect(data.lines).toEqual([
      expect.objectContaining({ flow: "income", quarter: 1, category: "salary", description: "Acme, Ltd", amount_cents: 10_000, year: YEAR }),
    ]);
    expect(JSON.stringify(data)).not.toContain("member_id");
  });

  test("the home page's Planning card shows this year's latest net worth", async () => {
    const member = await createSignedInMember();
    const home = async () =>
      ((await (await settle(() => homeLoader(routeArgs(getRequest("/user", member.cookie))))).json()) as { planning: { netWorth: unknown } }).planning.netWorth;
    expect(await home()).toBeNull();
    await addEntry(member, { title: "Gold", type: "investments", year: String(YEAR - 1), q4: "900" });
    expect(await home()).toBeNull();
    await addEntry(member, { title: "Savings", type: "cash", q1: "100", q2: "250.75" });
    await addEntry(member, { title: "Loan", type: "loans", q1: "50" });
    expect(await home()).toEqual({ quarter: 4, value: 20_075, currency: env().PAYMENT_CURRENCY });
  });

  test("signed out, every page and call sends to sign in", async () => {
    const response = await settle(() => pageLoader(routeArgs(getRequest("/user/net-worth"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });
});
