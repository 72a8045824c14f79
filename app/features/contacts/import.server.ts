import type { Selectable } from "kysely";
import type { ContactImportsTable } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile } from "~/lib/files.server";
import { filesOwnedByContacts } from "./contacts.server";
import type { IMPORT_DUPLICATES } from "./constants";
import { guessMapping, isImportField, type Mapping } from "./import-fields";
import { type ImportRow, readImportFile } from "./import-file.server";
import { CONTACT_COLUMNS, contactFromRow, type ContactValues, type MergedColumn } from "./import-rows.server";

export const PREVIEW_ROWS = 5;
/** A long value is cut in the preview (the import keeps it whole). */
const PREVIEW_CELL_CHARS = 120;
/** Problems (skipped and rejected rows) kept with their line and reason; the rest are counted. */
export const PROBLEMS_KEPT = 100;
const BATCH = 500;
/** A file uploaded but never confirmed is forgotten after a day. */
const PENDING_KEPT_MS = 24 * 60 * 60 * 1000;

export type Duplicates = (typeof IMPORT_DUPLICATES)[number];
export type Problem = { line: number; reason: string };
export type ContactImport = Selectable<ContactImportsTable>;

/** Reads the file and keeps its rows as a pending import of the member; throws ImportFileError. */
export async function startImport(ownerId: number, fileName: string, bytes: Uint8Array) {
  const table = readImportFile(fileName, bytes);
  const now = new Date();
  await db
    .deleteFrom("contact_imports")
    .where("owner_id", "=", ownerId)
    .where("status", "=", "pending")
    .where("created_at", "<", new Date(now.getTime() - PENDING_KEPT_MS).toISOString())
    .execute();
  const { id } = await db
    .insertInto("contact_imports")
    .values({
      owner_id: ownerId,
      file_name: fileName,
      format: table.format,
      status: "pending",
      headers_json: JSON.stringify(table.headers),
      preview_json: JSON.stringify({
        rows: table.rows.slice(0, PREVIEW_ROWS).map((row) => ({
          line: row.line,
          cells: row.cells.map((cell) => (cell.length > PREVIEW_CELL_CHARS ? `${cell.slice(0, PREVIEW_CELL_CHARS)}…` : cell)),
        })),
        // Columns empty in every row (most of Google's ~90) are left out of the mapping step.
        used: table.headers.map((_, index) => table.rows.some((row) => row.cells[index] !== "")),
      }),
      rows_json: JSON.stringify(table.rows),
      row_count: table.rows.length,
      created_at: now.toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** One of the member's imports; null for anyone else's. */
export async function getImport(ownerId: number, id: number) {
  const found = await db
    .selectFrom("contact_imports")
    .select([
      "id",
      "owner_id",
      "file_name",
      "format",
      "status",
      "headers_json",
      "preview_json",
      "row_count",
      "duplicates",
      "imported_count",
      "updated_count",
      "skipped_count",
      "rejected_count",
      "problems_json",
      "created_at",
      "imported_at",
      "undone_at",
    ])
    .where("owner_id", "=", ownerId)
    .where("id", "=", id)
    .executeTakeFirst();
  return found ?? null;
}

/** What the mapping step shows: the columns, the first rows and the guessed mapping. */
export function previewOf(contactImport: Pick<ContactImport, "headers_json" | "preview_json">) {
  const headers = JSON.parse(contactImport.headers_json) as string[];
  const { rows, used } = JSON.parse(contactImport.preview_json) as { rows: ImportRow[]; used: boolean[] };
  const mapping = guessMapping(headers).map((field, index) => (used[index] ? field : "ignore"));
  return { headers, rows, mapping, used };
}

export function summaryOf(contactImport: Pick<ContactImport, "problems_json" | "skipped_count" | "rejected_count">) {
  const problems = contactImport.problems_json ? (JSON.parse(contactImport.problems_json) as Problem[]) : [];
  return { problems, unlisted: contactImport.skipped_count + contactImport.rejected_count - problems.length };
}

/** The member's finished imports, newest first (to find one to undo). */
export function recentImports(ownerId: number, limit = 5) {
  return db
    .selectFrom("contact_imports")
    .select(["id", "file_name", "status", "imported_count", "updated_count", "imported_at", "undone_at"])
    .where("owner_id", "=", ownerId)
    .where("status", "!=", "pending")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The mapping the member chose (column_0, column_1 …), or a message saying what is wrong. */
export function mappingFrom(form: FormData, columns: number): { ok: true; mapping: Mapping } | { ok: false; message: string } {
  const mapping: Mapping = [];
  for (let index = 0; index < columns; index++) {
    const value = form.get(`column_${index}`);
    mapping.push(isImportField(value) ? value : "ignore");
  }
  const chosen = mapping.filter((field) => field !== "ignore");
  const twice = chosen.find((field, index) => chosen.indexOf(field) !== index);
  if (twice) return { ok: false, message: `Choose each field for one column only: ${twice.replace("_", " ")} is chosen twice.` };
  if (!chosen.some((field) => ["name", "first_name", "last_name", "email"].includes(field))) {
    return { ok: false, message: "Choose the column with the name (or first name, last name or e-mail)." };
  }
  return { ok: true, mapping };
}

type Target =
  { kind: "existing"; id: number; values: ContactValues; previous: MergedValues; applied: MergedValues } | { kind: "new"; line: number; values: ContactValues };

type MergedValues = Partial<Record<MergedColumn, string | null>>;
const MERGED_COLUMNS = CONTACT_COLUMNS.filter((column): column is MergedColumn => column !== "name");

function chunks<T>(items: T[], size = BATCH) {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/**
 * Imports the pending import's rows with the member's mapping. Duplicates (the same
 * lower-cased e-mail or E.164 phone as one of the member's contacts or as an earlier row)
 * are skipped, or merged: merging fills the contact's empty fields and never overwrites what
 * it holds. All or nothing, in one transaction. Returns false when the import was not
 * pending (already imported).
 */
export async function runImport(ownerId: number, importId: number, mapping: Mapping, duplicates: Duplicates) {
  const pending = await db
    .selectFrom("contact_imports")
    .select(["rows_json"])
    .where("owner_id", "=", ownerId)
    .where("id", "=", importId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!pending?.rows_json) return false;
  const rows = JSON.parse(pending.rows_json) as ImportRow[];
  const member = await db.selectFrom("users").select("country").where("id", "=", ownerId).executeTakeFirst();

  const existing = await db
    .selectFrom("contacts")
    .select(["id", ...CONTACT_COLUMNS])
    .where("owner_id", "=", ownerId)
    .execute();
  const byEmail = new Map<string, Target>();
  const byPhone = new Map<string, Target>();
  for (const { id, ...values } of existing) {
    const target: Target = { kind: "existing", id, values, previous: {}, applied: {} };
    if (values.email) byEmail.set(values.email, target);
    if (values.phone) byPhone.set(values.phone, target);
  }

  const created: Target[] = [];
  const problems: Problem[] = [];
  const counts = { imported: 0, updated: 0, skipped: 0, rejected: 0 };
  const problem = (line: number, reason: string) => {
    if (problems.length < PROBLEMS_KEPT) problems.push({ line, reason });
  };

  for (const row of rows) {
    const result = contactFromRow(row.cells, mapping, member?.country ?? null);
    if (!result.ok) {
      counts.rejected++;
      problem(row.line, result.reason);
      continue;
    }
    const contact = result.contact;
    const sameEmail = contact.email ? byEmail.get(contact.email) : undefined;
    const target = sameEmail ?? (contact.phone ? byPhone.get(contact.phone) : undefined);
    if (!target) {
      const fresh: Target = { kind: "new", line: row.line, values: contact };
      created.push(fresh);
      if (contact.email) byEmail.set(contact.email, fresh);
      if (contact.phone) byPhone.set(contact.phone, fresh);
      counts.imported++;
      continue;
    }
    const what = sameEmail ? "e-mail" : "phone number";
    const whom = target.kind === "existing" ? `your contact ${target.values.name}` : `line ${target.line}`;
    if (duplicates === "skip") {
      counts.skipped++;
      problem(row.line, `Skipped: same ${what} as ${whom}.`);
      continue;
    }
    let changed = false;
    for (const column of MERGED_COLUMNS) {
      const value = contact[column];
      if (!value || target.values[column]) continue;
      // An e-mail or phone that another contact already has is not copied (no new duplicate).
      if (column === "email" && byEmail.has(value)) continue;
      if (column === "phone" && byPhone.has(value)) continue;
      if (target.kind === "existing") {
        target.previous[column] = target.values[column];
        target.applied[column] = value;
      }
      target.values[column] = value;
      if (column === "email") byEmail.set(value, target);
      if (column === "phone") byPhone.set(value, target);
      changed = true;
    }
    if (changed) counts.updated++;
    else {
      counts.skipped++;
      problem(row.line, `Skipped: same ${what} as ${whom}, and nothing new to add.`);
    }
  }

  const merged = new Set<Target & { kind: "existing" }>();
  for (const target of [...byEmail.values(), ...byPhone.values()]) {
    if (target.kind === "existing" && Object.keys(target.applied).length > 0) merged.add(target);
  }

  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    // Claimed first: a second confirmation of the same import (double submit) changes nothing.
    const claimed = await trx
      .updateTable("contact_imports")
      .set({
        status: "done",
        rows_json: null,
        duplicates,
        imported_count: counts.imported,
        updated_count: counts.updated,
        skipped_count: counts.skipped,
        rejected_count: counts.rejected,
        problems_json: JSON.stringify(problems),
        imported_at: now,
      })
      .where("id", "=", importId)
      .where("owner_id", "=", ownerId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;

    for (const batch of chunks(created)) {
      const ids = await trx
        .insertInto("contacts")
        .values(batch.map((target) => ({ owner_id: ownerId, ...target.values, is_important: 0, created_at: now, updated_at: now })))
        .returning("id")
        .execute();
      await trx
        .insertInto("contact_import_rows")
        .values(ids.map(({ id }) => ({ import_id: importId, contact_id: id, action: "created" as const, previous_json: null, applied_json: null })))
        .execute();
    }
    for (const target of merged) {
      await trx
        .updateTable("contacts")
        .set({ ...target.applied, updated_at: now })
        .where("owner_id", "=", ownerId)
        .where("id", "=", target.id)
        .execute();
    }
    for (const batch of chunks([...merged])) {
      await trx
        .insertInto("contact_import_rows")
        .values(
          batch.map((target) => ({
            import_id: importId,
            contact_id: target.id,
            action: "merged" as const,
            previous_json: JSON.stringify(target.previous),
            applied_json: JSON.stringify(target.applied),
          })),
        )
        .execute();
    }
    return true;
  });
}

/**
 * Undoes a finished import: deletes the contacts it created (also when the member has
 * edited them since) and empties again the fields it filled in on existing contacts, each
 * only while it still holds the imported value (a field the member changed since is kept).
 * Returns false when there was nothing to undo (pending, or already undone).
 */
export async function undoImport(ownerId: number, importId: number) {
  const filesToDelete: number[] = [];
  const undone = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("contact_imports")
      .set({ status: "undone", undone_at: nowIso() })
      .where("id", "=", importId)
      .where("owner_id", "=", ownerId)
      .where("status", "=", "done")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;

    const records = await trx
      .selectFrom("contact_import_rows")
      .select(["contact_id", "action", "previous_json", "applied_json"])
      .where("import_id", "=", importId)
      .where("contact_id", "is not", null)
      .execute();
    const createdIds = records.filter((record) => record.action === "created").map((record) => record.contact_id!);
    for (const ids of chunks(createdIds)) {
      filesToDelete.push(...(await filesOwnedByContacts(trx, ids)));
      await trx.deleteFrom("contacts").where("owner_id", "=", ownerId).where("id", "in", ids).execute();
    }

    const mergedRecords = records.filter((record) => record.action === "merged");
    for (const batch of chunks(mergedRecords)) {
      const current = await trx
        .selectFrom("contacts")
        .select(["id", ...MERGED_COLUMNS])
        .where("owner_id", "=", ownerId)
        .where(
          "id",
          "in",
          batch.map((record) => record.contact_id!),
        )
        .execute();
      const byId = new Map(current.map((contact) => [contact.id, contact]));
      for (const record of batch) {
        const contact = byId.get(record.contact_id!);
        if (!contact) continue;
        const applied = JSON.parse(record.applied_json ?? "{}") as MergedValues;
        const previous = JSON.parse(record.previous_json ?? "{}") as MergedValues;
        const revert: MergedValues = {};
        for (const [column, value] of Object.entries(applied) as [MergedColumn, string | null][]) {
          if (MERGED_COLUMNS.includes(column) && contact[column] === value) revert[column] = previous[column] ?? null;
        }
        if (Object.keys(revert).length === 0) continue;
        await trx
          .updateTable("contacts")
          .set({ ...revert, updated_at: nowIso() })
          .where("owner_id", "=", ownerId)
          .where("id", "=", contact.id)
          .execute();
      }
    }
    return true;
  });
  for (const fileId of filesToDelete) await deleteFile(fileId);
  return undone;
}
