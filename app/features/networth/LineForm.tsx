import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { Field, SelectField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { FLOWS, type Flow, QUARTER_ENDS, QUARTERS, quarterLabel } from "./constants";

const QUARTER_CHOICES = QUARTERS.map((quarter) => ({ value: String(quarter), label: `${quarterLabel(quarter)} (to ${QUARTER_ENDS[quarter - 1]})` }));

/** SPEC.md §2's income add and edit form and expenses add and edit form: one line of a quarter. */
export function LineForm({
  flow,
  lastResult,
  constraint,
  defaults,
  currency,
  lineId,
  submitLabel,
}: {
  flow: Flow;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  currency: string;
  lineId: number | null;
  submitLabel: string;
}) {
  const [form, fields] = useServerForm(lineId ? `net-worth-line-${lineId}` : `net-worth-${flow}-new`, { lastResult, constraint, defaults });
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
      <div className="grid-2">
        <Field
          label="Year"
          errors={fields.year.errors}
          inputProps={{ ...getInputProps(fields.year, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
        <SelectField
          label="Quarter"
          errors={fields.quarter.errors}
          options={QUARTER_CHOICES}
          placeholder="Choose…"
          selectProps={getSelectProps(fields.quarter)}
        />
      </div>
      <SelectField
        label="Category"
        errors={fields.category.errors}
        options={FLOWS[flow].categories}
        placeholder="Choose…"
        selectProps={getSelectProps(fields.category)}
      />
      <Field
        label="Description"
        hint="Optional."
        errors={fields.description.errors}
        inputProps={{ ...getInputProps(fields.description, { type: "text" }), autoComplete: "off" }}
      />
      <Field
        label={`Amount, in ${currency}`}
        hint={flow === "income" ? "Gross: before tax and costs." : undefined}
        errors={fields.amount.errors}
        inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
    </DialogForm>
  );
}
