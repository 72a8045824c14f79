import { db, nowIso } from "./db.server";
import { DEFAULT_DIGEST_DAY, type DigestDay, isDigestDay } from "./digest-days";
import { clubTimeZone as defaultTimeZone, env } from "./env.server";
import { remember } from "./remember.server";

/** What a bank transfer needs; an empty value is not shown. */
export type BankDetails = {
  accountName: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
  instructions: string | null;
};

export type ClubSettings = {
  name: string;
  timeZone: string;
  currency: string;
  bank: BankDetails;
  /** What the admin wrote each package includes (package id → one item a line); a package
   * missing here shows its default (features/membership/packages.ts). */
  packageIncludes: Record<string, string>;
  /** Whether the first admin has been led to the club's page. */
  setupShown: boolean;
  /** The weekday the weekly digest goes out, or "off". */
  digestDay: DigestDay;
};

type Row = {
  name: string | null;
  time_zone: string | null;
  currency: string | null;
  bank_account_name: string | null;
  bank_name: string | null;
  bank_iban: string | null;
  bank_bic: string | null;
  bank_instructions: string | null;
  package_includes: string | null;
  setup_shown_at: string | null;
  digest_day: string | null;
};

// Read on most pages (times, prices): one row kept for a second per process, so that several
// instances on one database see an admin's change within a second, and the instance that saved
// it at once. Shared by every copy of this module (the server entry's and the build's).
const FRESH_MS = 1000;
const cache = () => remember("club-settings", () => ({ row: undefined as Row | null | undefined, readAt: 0, reading: null as Promise<Row | null> | null }));

function readRow(): Promise<Row | null> {
  return db
    .selectFrom("club_settings")
    .select([
      "name",
      "time_zone",
      "currency",
      "bank_account_name",
      "bank_name",
      "bank_iban",
      "bank_bic",
      "bank_instructions",
      "package_includes",
      "setup_shown_at",
      "digest_day",
    ])
    .where("id", "=", 1)
    .executeTakeFirst()
    .then((row) => row ?? null);
}

async function storedRow() {
  const kept = cache();
  if (kept.row !== undefined && Date.now() - kept.readAt < FRESH_MS) return kept.row;
  kept.reading ??= readRow().finally(() => {
    kept.reading = null;
  });
  const startedAt = Date.now();
  const row = await kept.reading;
  kept.row = row;
  kept.readAt = startedAt;
  return row;
}

function parseIncludes(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== "object") return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}

const orNull = (value: string | undefined) => value || null;

/** The club's settings: the admin's where set, the environment's (or built-in) defaults elsewhere. */
export async function clubSettings(): Promise<ClubSettings> {
  const row = await storedRow();
  const config = env();
  const bankValue = (stored: string | null | undefined, fallback: string | undefined) =>
    stored === null || stored === undefined ? orNull(fallback) : orNull(stored);
  return {
    name: row?.name || config.CLUB_NAME || "Chapter",
    timeZone: row?.time_zone || defaultTimeZone(),
    currency: row?.currency || config.PAYMENT_CURRENCY,
    bank: {
      accountName: bankValue(row?.bank_account_name, config.BANK_ACCOUNT_NAME),
      bankName: bankValue(row?.bank_name, config.BANK_NAME),
      iban: bankValue(row?.bank_iban, config.BANK_IBAN),
      bic: bankValue(row?.bank_bic, config.BANK_BIC),
      instructions: bankValue(row?.bank_instructions, config.BANK_INSTRUCTIONS),
    },
    packageIncludes: parseIncludes(row?.package_includes ?? null),
    setupShown: Boolean(row?.setup_shown_at),
    digestDay: isDigestDay(row?.digest_day) ? row.digest_day : (config.WEEKLY_DIGEST_DAY ?? DEFAULT_DIGEST_DAY),
  };
}

/** The zone times are shown in when a member has not chosen one (and to visitors). */
export async function clubTimeZone() {
  return (await clubSettings()).timeZone;
}

/** The currency prices are set and paid in. */
export async function clubCurrency() {
  return (await clubSettings()).currency;
}

/** Whether a member can pay by bank transfer: there is an account to send the money to. */
export function canPayByBank(bank: BankDetails) {
  return Boolean(bank.iban);
}

export type ClubSettingsInput = {
  name: string;
  timeZone: string;
  currency: string;
  bank: { [K in keyof BankDetails]: string };
  packageIncludes: Record<string, string>;
  /** Undefined: left as it is. */
  digestDay?: DigestDay;
};

async function saveRow(values: Partial<Omit<Row, "package_includes">> & { package_includes?: string | null }) {
  const now = nowIso();
  await db
    .insertInto("club_settings")
    .values({ id: 1, ...values, updated_at: now })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ ...values, updated_at: now }))
    .execute();
  cache().row = undefined;
}

/** Stores what the admin set. An empty bank field is stored empty (no such detail, whatever the
 * environment says); an empty package description goes back to the default. */
export async function saveClubSettings(input: ClubSettingsInput) {
  const includes = Object.fromEntries(Object.entries(input.packageIncludes).filter(([, text]) => text.trim() !== ""));
  await saveRow({
    name: input.name,
    time_zone: input.timeZone,
    currency: input.currency,
    bank_account_name: input.bank.accountName,
    bank_name: input.bank.bankName,
    bank_iban: input.bank.iban,
    bank_bic: input.bank.bic,
    bank_instructions: input.bank.instructions,
    package_includes: Object.keys(includes).length ? JSON.stringify(includes) : null,
    ...(input.digestDay ? { digest_day: input.digestDay } : {}),
  });
}

/** True once: the first time it is asked (the first admin is led to the club's page then). */
export async function claimSetupVisit() {
  const now = nowIso();
  await db
    .insertInto("club_settings")
    .values({ id: 1, updated_at: now })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .execute();
  const claimed = await db.updateTable("club_settings").set({ setup_shown_at: now }).where("id", "=", 1).where("setup_shown_at", "is", null).executeTakeFirst();
  cache().row = undefined;
  return Number(claimed.numUpdatedRows) === 1;
}
