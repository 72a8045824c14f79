export type AttachmentState = "uploading" | "uploaded";

/**
 * SPEC.md §4: the Post button is enabled only when the message has text or the attachments
 * are all uploaded, and never while one is still uploading (its file would be missing).
 * `kept` counts the files an edited post keeps.
 */
export function canSubmitPost({ message, attachments, kept = 0 }: { message: string; attachments: AttachmentState[]; kept?: number }) {
  if (attachments.includes("uploading")) return false;
  if (message.trim() !== "") return true;
  return kept + attachments.length > 0;
}
