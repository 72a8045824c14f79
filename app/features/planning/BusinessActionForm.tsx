import { getInputProps, getSelectProps } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { Field, SelectField } from "~/ui/field";
import { type ServerFormProps, useServerForm } from "~/ui/server-form";
import { ACTION_STATUSES } from "./business-constants";

/** A goal action: what to do, by when, and how far it is. */
export function BusinessActionForm({ lastResult, constraint, defaults, formId, submitLabel }: ServerFormProps & { formId: string; submitLabel: string }) {
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <div className="grid-2">
        <Field label="Due date" hint="Optional." errors={fields.due_date.errors} inputProps={{ ...getInputProps(fields.due_date, { type: "date" }) }} />
        <SelectField label="Status" errors={fields.status.errors} options={ACTION_STATUSES} selectProps={{ ...getSelectProps(fields.status) }} />
      </div>
    </DialogForm>
  );
}
