import { getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { EMPTY_JOURNAL, JOURNAL_MAX_LENGTH } from "./dates";

/** SPEC.md §2's journal modal: the day's text, written anew or edited. */
export function JournalForm({
  date,
  lastResult,
  constraint,
  text,
}: {
  date: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  text: string;
}) {
  const [form, fields] = useServerForm(`journal-${date}`, { lastResult, constraint, defaults: { text } });
  return (
    <DialogForm form={form} submitLabel="Save">
      <TextareaField
        label="Journal"
        hint={`Up to ${JOURNAL_MAX_LENGTH.toLocaleString("en-US")} characters.`}
        errors={fields.text.errors}
        className="journal-field"
        textareaProps={{ ...getTextareaProps(fields.text), rows: 12, placeholder: EMPTY_JOURNAL }}
      />
    </DialogForm>
  );
}
