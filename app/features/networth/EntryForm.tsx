import { getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { ErrorList, Field } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { ASSET_TYPES, LIABILITY_TYPES, QUARTER_ENDS, QUARTERS, quarterLabel } from "./constants";

/** SPEC.md §2's net worth add and edit form: an asset or liability of a year and its value at
 * each quarter's end. */
export function EntryForm({
  lastResult,
  constraint,
  defaults,
  currency,
  entryId,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  currency: string;
  entryId: number | null;
  submitLabel: string;
}) {
  const [form, fields] = useServerForm(entryId ? `net-worth-entry-${entryId}` : "net-worth-entry-new", { lastResult, constraint, defaults });
  const typeErrors = fields.type.errors;
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <div className="grid-2">
        <div className="field">
          <label htmlFor={fields.type.id}>Type</label>
          <select
            {...getSelectProps(fields.type)}
            aria-invalid={typeErrors?.length ? true : undefined}
            aria-describedby={typeErrors?.length ? fields.type.errorId : undefined}
          >
            <option value="">Choose…</option>
            <optgroup label="Assets">
              {ASSET_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Liabilities">
              {LIABILITY_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </optgroup>
          </select>
          <div className="field-error-slot">
            <ErrorList id={fields.type.errorId} errors={typeErrors} />
          </div>
        </div>
        <Field
          label="Year"
          errors={fields.year.errors}
          inputProps={{ ...getInputProps(fields.year, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
      </div>
      <fieldset className="networth-quarters">
        <legend>Value at each quarter's end, in {currency}</legend>
        <p className="field-hint">Leave a quarter empty to keep the value of the quarter before. A liability's value is what is still owed.</p>
        <div className="grid-2">
          {QUARTERS.map((quarter) => {
            const field = fields[`q${quarter}` as "q1"];
            return (
              <Field
                key={quarter}
                label={`${quarterLabel(quarter)} (${QUARTER_ENDS[quarter - 1]})`}
                errors={field.errors}
                inputProps={{ ...getInputProps(field, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
              />
            );
          })}
        </div>
      </fieldset>
    </DialogForm>
  );
}
