import { canSeeProposalDocument } from "~/features/proposals/documents.server";
import { canSeePostFile } from "~/features/timeline/visibility.server";
import type { UploadKind } from "~/lib/file-types";
import { storedFileByToken } from "~/lib/files.server";

// Who may read an uploaded file is a product rule, so it lives here and the files route
// (app/routes/files/user.files.$token.ts) composes it with lib's storage and file answer.
// An area whose files are seen beyond their owner adds its rule here.

type Reader = { id: number };

/** Kinds any signed-in member may see; everything else is its owner's alone unless an area
 * adds a rule below (a post's privacy …). A contact's business cards (business_card) and
 * picture (contact_profile_image) stay with the contact book's owner, and a business action's
 * attachment (action_attachment) with the member who planned it: they are deliberately not
 * here. */
const SEEN_BY_ALL_MEMBERS = new Set<UploadKind>([
  "profile_image",
  "cover_image",
  // Events, offers and trainings are shown to every member, with their pictures.
  "event_media",
  "product_image",
  "training_image",
]);

export function canRead(file: { kind: string; owner_id: number }, member: Reader) {
  return file.owner_id === member.id || SEEN_BY_ALL_MEMBERS.has(file.kind as UploadKind);
}

/** canRead, and the rules that need the database: a post's photos and videos are seen by
 * whoever may see the post (its privacy; an upload not yet in a post is its owner's alone). */
export async function mayRead(file: { id: number; kind: string; owner_id: number }, member: Reader) {
  if (canRead(file, member)) return true;
  if (file.kind === "post_media") return canSeePostFile(file.id, member.id);
  // An entrepreneur's documents: also the counterpart's of a pending or accepted connection.
  if (file.kind === "proposal_document") return canSeeProposalDocument(file.id, member.id);
  return false;
}

/** The file behind a URL token, when this member may see it. */
export async function findReadableFile(token: string, member: Reader) {
  const file = await storedFileByToken(token);
  return file && (await mayRead(file, member)) ? file : null;
}
