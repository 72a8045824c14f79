import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Field } from "~/ui/field";

type PlanField = FieldMetadata<any, Record<string, any>, string[]>;

/** The year a plan belongs to, and its optional date. */
export function YearAndDateFields({ year, date, yearLabel, dateLabel }: { year: PlanField; date: PlanField; yearLabel: string; dateLabel: string }) {
  return (
    <div className="grid-2">
      <Field label={yearLabel} errors={year.errors} inputProps={{ ...getInputProps(year, { type: "text" }), inputMode: "numeric", autoComplete: "off" }} />
      <Field label={dateLabel} hint="Optional." errors={date.errors} inputProps={getInputProps(date, { type: "date" })} />
    </div>
  );
}
