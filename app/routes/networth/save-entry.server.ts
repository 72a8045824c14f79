import { parseWithZod } from "~/lib/parse-form.server";
import { MAX_ENTRIES_PER_YEAR } from "~/features/networth/constants";
import { createEntry, updateEntry } from "~/features/networth/networth.server";
import { EntrySchema } from "~/features/networth/schema";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { netWorthPage } from "./networth-address.server";

/** The add and edit dialogs' action: validate, save, and show the entry's year. */
export async function saveEntry(request: Request, member: Member, existingId: number | null) {
  const submission = parseWithZod(await request.formData(), { schema: EntrySchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const entry = submission.value;
  if (existingId === null) {
    if ((await createEntry(member.id, entry)) === null) {
      return formFailure(submission.reply({ formErrors: [`A year holds at most ${MAX_ENTRIES_PER_YEAR} entries.`] }));
    }
  } else if (!(await updateEntry(member.id, existingId, entry))) notFound();
  return respond(
    request,
    { type: "success", message: existingId === null ? `“${entry.title}” added to your net worth for ${entry.year}.` : `“${entry.title}” saved.` },
    { to: netWorthPage(entry.year) },
  );
}
