import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
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
  const pending = useIsPending();
  const [form, fields] = useServerForm(`journal-${date}`, { lastResult, constraint, defaults: { text } });
  return (
    <Form method="post" {...getFormProps(form)}>
      <CsrfInput />
      <TextareaField
        label="Journal"
        hint={`Up to ${JOURNAL_MAX_LENGTH.toLocaleString("en-US")} characters.`}
        errors={fields.text.errors}
        className="journal-field"
        textareaProps={{ ...getTextareaProps(fields.text), rows: 12, placeholder: EMPTY_JOURNAL }}
      />
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>Save</StatusButton>
      </div>
    </Form>
  );
}
