import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, type Option, SelectField } from "~/ui/field";
import type { ServerFormProps } from "~/ui/server-form";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { SECTORS } from "./constants";

type Defaults = Record<string, string | string[]>;

/** SPEC.md §2's investor form: the loans a member offers. */
export function InvestorForm({
  entryId,
  countries,
  currency,
  submitLabel,
  ...form
}: ServerFormProps<Defaults> & { entryId: number | null; countries: Option[]; currency: string; submitLabel: string }) {
  const pending = useIsPending();
  const [meta, fields] = useServerForm<Defaults>(entryId ? `investor-${entryId}` : "investor-new", form);
  const chosenSectors = new Set([fields.sectors.initialValue ?? []].flat());
  return (
    <Form method="post" {...getFormProps(meta)}>
      <CsrfInput />
      <Field
        label={`Amount available (${currency})`}
        errors={fields.amount.errors}
        inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <div className="grid-2">
        <Field
          label={`Minimum ticket (${currency})`}
          errors={fields.min_ticket.errors}
          inputProps={{ ...getInputProps(fields.min_ticket, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
        <Field
          label={`Maximum ticket (${currency})`}
          errors={fields.max_ticket.errors}
          inputProps={{ ...getInputProps(fields.max_ticket, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
      </div>
      <div className="grid-2">
        <Field
          label="Term (months)"
          errors={fields.term_months.errors}
          inputProps={{ ...getInputProps(fields.term_months, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
        <Field
          label="Rate expected (% a year)"
          errors={fields.rate.errors}
          inputProps={{ ...getInputProps(fields.rate, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        />
      </div>
      <fieldset className="field" aria-describedby={fields.sectors.errors ? `${fields.sectors.id}-error` : undefined}>
        <legend>Sectors</legend>
        <div className="checkbox-grid">
          {SECTORS.map((sector) => (
            <label key={sector.value} className="checkbox">
              <input type="checkbox" name={fields.sectors.name} value={sector.value} defaultChecked={chosenSectors.has(sector.value)} /> {sector.label}
            </label>
          ))}
        </div>
        <div className="field-error-slot">
          <ErrorList id={`${fields.sectors.id}-error`} errors={fields.sectors.errors} />
        </div>
      </fieldset>
      <SelectField
        label="Countries"
        hint="Optional: none chosen means any country. Hold Ctrl (or ⌘) to choose several."
        errors={fields.countries.errors}
        options={countries}
        selectProps={{ ...getSelectProps(fields.countries), multiple: true, size: 6 }}
      />
      <ErrorList errors={meta.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
