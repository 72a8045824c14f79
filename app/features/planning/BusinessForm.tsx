import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { type ServerFormProps, useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** A member's business: name, description, industry and website. */
export function BusinessForm({ lastResult, constraint, defaults, formId, submitLabel }: ServerFormProps & { formId: string; submitLabel: string }) {
  const pending = useIsPending();
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  return (
    <Form method="post" {...getFormProps(form)}>
      <CsrfInput />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "organization" }} />
      <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} />
      <div className="grid-2">
        <Field label="Industry" hint="Optional." errors={fields.industry.errors} inputProps={{ ...getInputProps(fields.industry, { type: "text" }) }} />
        <Field
          label="Website"
          hint="Optional, e.g. https://example.com"
          errors={fields.website.errors}
          inputProps={{ ...getInputProps(fields.website, { type: "text" }), inputMode: "url", autoComplete: "url" }}
        />
      </div>
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
