import { describe, expect, test } from "vitest";
import { EventSchema } from "~/features/events/schema";
import { EntrySchema, IncomeLineSchema } from "~/features/networth/schema";
import { OfferSchema } from "~/features/offers/schema";
import { WishListSchema } from "~/features/planning/wish-list-schema";
import { EntrepreneurSchema, FilterSchema, InvestorSchema } from "~/features/proposals/schema.server";
import { readCents } from "~/lib/money";

const MAX = 100_000_000_000;

describe("the one reading of a typed amount", () => {
  test("grouped thousands, decimal points and commas, spaces and currency signs", () => {
    expect(readCents("18,000", MAX)).toBe(1_800_000);
    expect(readCents("18,000.50", MAX)).toBe(1_800_050);
    expect(readCents("1,250,000", MAX)).toBe(125_000_000);
    expect(readCents("18 000", MAX)).toBe(1_800_000);
    expect(readCents("$ 2 500", MAX)).toBe(250_000);
    expect(readCents("2500,5", MAX)).toBe(250_050);
    expect(readCents("0.29", MAX)).toBe(29);
    expect(readCents("", MAX)).toBeNull();
    expect(readCents("  ", MAX)).toBeNull();
  });

  test("what it cannot read, a negative and a too large amount are told apart", () => {
    for (const typed of ["abc", "1.005", "18,00,0", "1,2345", "12.3.4"]) expect(readCents(typed, MAX), typed).toEqual({ problem: "format" });
    expect(readCents("-20", MAX)).toEqual({ problem: "negative" });
    expect(readCents("2,000.01", 200_000)).toEqual({ problem: "too-large" });
    expect(readCents("2,000", 200_000)).toBe(200_000);
  });
});

// Each form's money field (its shape's own schema, so one field at a time).
const fields = {
  "wish list cost": WishListSchema.shape.cost,
  "event general ticket": EventSchema.shape.general_amount,
  "event VIP ticket": EventSchema.shape.vip_amount,
  "offer price": OfferSchema.shape.price,
  "net worth quarter": EntrySchema.shape.q1,
  "net worth line": IncomeLineSchema.shape.amount,
  "entrepreneur amount": EntrepreneurSchema.shape.amount,
  "investor amount": InvestorSchema.shape.amount,
  "investor minimum ticket": InvestorSchema.shape.min_ticket,
  "investor maximum ticket": InvestorSchema.shape.max_ticket,
};

describe("every money field takes grouped amounts", () => {
  test.each(Object.entries(fields))("%s: 18,000 and 18,000.50", (_, schema) => {
    expect((schema as { parse: (value: unknown) => unknown }).parse("18,000")).toBe(1_800_000);
    expect((schema as { parse: (value: unknown) => unknown }).parse("18,000.50")).toBe(1_800_050);
  });

  test("the proposals' amount filter too", () => {
    expect(FilterSchema.parse({ min: "18,000", max: "abc" })).toMatchObject({ min: 1_800_000, max: null });
  });

  test("a wish's cost over what the column holds is a message, not a failed save", () => {
    const result = WishListSchema.shape.cost.safeParse("25,000,000");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Enter at most 20,000,000.");
  });
});
