import { ConfirmDialog } from "~/ui/confirm-dialog";
import { type Side, entryPath } from "./constants";

/** SPEC.md §8 asks "… this event?" for entries too; the entry is named instead (docs/decisions/020-corrected-wording.md). */
export function DeleteEntryDialog({ side, data: { id, name, open } }: { side: Side; data: { id: number; name: string; open: number } }) {
  return (
    <ConfirmDialog message={`Are you sure you want to delete ${name}?`} cancelTo={entryPath(side, id)}>
      {open ? <p>{open === 1 ? "Its open connection" : `Its ${open} open connections`} will be closed, and the members told.</p> : null}
    </ConfirmDialog>
  );
}
