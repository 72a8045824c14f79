import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, type Option, SelectField, TextareaField } from "~/ui/field";
import type { ServerFormProps } from "~/ui/server-form";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { SECTORS } from "./constants";

/** SPEC.md §2's entrepreneur proposal form: a venture seeking a loan, with a document. */
export function EntrepreneurForm({
  entryId,
  countries,
  currency,
  documentAccept,
  submitLabel,
  ...form
}: ServerFormProps & { entryId: number | null; countries: Option[]; currency: string; documentAccept: string; submitLabel: string }) {
  const pending = useIsPending();
  const [meta, fields] = useServerForm(entryId ? `entrepreneur-${entryId}` : "entrepreneur-new", form);
  const documentErrors = (form.lastResult?.error as Record<string, string[] | null> | undefined)?.document;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(meta)}>
      <CsrfInput />
      <Field
        label="Business"
        hint="The business from your profile, or another one."
        errors={fields.business_name.errors}
        inputProps={{ ...getInputProps(fields.business_name, { type: "text" }), autoComplete: "organization" }}
      />
      <div className="grid-2">
        <SelectField label="Sector" errors={fields.sector.errors} options={SECTORS} placeholder="Choose…" selectProps={getSelectProps(fields.sector)} />
        <SelectField label="Country" errors={fields.country.errors} options={countries} placeholder="Choose…" selectProps={getSelectProps(fields.country)} />
      </div>
      <div className="grid-2">
        <Field
          label={`Amount sought (${currency})`}
          errors={fields.amount.errors}
          inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <Field
          label="Term (months)"
          errors={fields.term_months.errors}
          inputProps={{ ...getInputProps(fields.term_months, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
      </div>
      <Field
        label="Rate offered (% a year)"
        errors={fields.rate.errors}
        inputProps={{ ...getInputProps(fields.rate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <TextareaField label="Purpose" errors={fields.purpose.errors} textareaProps={{ ...getTextareaProps(fields.purpose), rows: 4 }} />
      <Field
        label="Add a document"
        hint="Optional: a business plan or accounts (PDF, Word, Excel, an image …). Only you and the investors you connect with see it."
        errors={documentErrors}
        inputProps={{ type: "file", name: "document", accept: documentAccept }}
      />
      <ErrorList errors={meta.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
