import { getInputProps } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { Field } from "~/ui/field";
import { type ServerFormProps, useServerForm } from "~/ui/server-form";

/** A business goal: a title, the measurable target and when it should be reached. */
export function BusinessGoalForm({ lastResult, constraint, defaults, formId, submitLabel }: ServerFormProps & { formId: string; submitLabel: string }) {
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <Field
        label="Target"
        hint="Optional: what you will measure, e.g. 20 new clients."
        errors={fields.target.errors}
        inputProps={{ ...getInputProps(fields.target, { type: "text" }), autoComplete: "off" }}
      />
      <Field label="Target date" hint="Optional." errors={fields.target_date.errors} inputProps={{ ...getInputProps(fields.target_date, { type: "date" }) }} />
    </DialogForm>
  );
}
