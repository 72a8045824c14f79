import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { type ServerFormProps, useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** A business goal: a title, the measurable target and when it should be reached. */
export function BusinessGoalForm({ lastResult, constraint, defaults, formId, submitLabel }: ServerFormProps & { formId: string; submitLabel: string }) {
  const pending = useIsPending();
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  return (
    <Form method="post" {...getFormProps(form)}>
      <CsrfInput />
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <Field
        label="Target"
        hint="Optional: what you will measure, e.g. 20 new clients."
        errors={fields.target.errors}
        inputProps={{ ...getInputProps(fields.target, { type: "text" }), autoComplete: "off" }}
      />
      <Field label="Target date" hint="Optional." errors={fields.target_date.errors} inputProps={{ ...getInputProps(fields.target_date, { type: "date" }) }} />
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
