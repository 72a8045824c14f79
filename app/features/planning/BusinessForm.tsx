import { getInputProps, getTextareaProps } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { Field, TextareaField } from "~/ui/field";
import { type ServerFormProps, useServerForm } from "~/ui/server-form";

/** A member's business: name, description, industry and website. */
export function BusinessForm({ lastResult, constraint, defaults, formId, submitLabel }: ServerFormProps & { formId: string; submitLabel: string }) {
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
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
    </DialogForm>
  );
}
