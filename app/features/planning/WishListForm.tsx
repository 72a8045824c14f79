import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { formatBytes } from "~/lib/file-types";
import { DialogForm } from "~/ui/dialog-form";
import { Field, SelectField, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { WISH_LIST_STATUSES, WISH_LIST_TYPES } from "./constants";
import { YearAndDateFields } from "./YearAndDateFields";

/** SPEC.md §2's wish list form: for adding and for editing an item. */
export function WishListForm({
  lastResult,
  constraint,
  defaults,
  currency,
  imageAccept,
  imageMaxBytes,
  itemId,
  hasImage,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  currency: string;
  imageAccept: string;
  imageMaxBytes: number;
  itemId: number | null;
  hasImage: boolean;
  submitLabel: string;
}) {
  const [form, fields] = useServerForm(itemId ? `wish-list-${itemId}` : "wish-list-new", { lastResult, constraint, defaults });
  const imageErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.image;
  return (
    <DialogForm form={form} submitLabel={submitLabel} multipart>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <div className="grid-2">
        <SelectField label="Type" errors={fields.type.errors} options={WISH_LIST_TYPES} placeholder="Choose…" selectProps={getSelectProps(fields.type)} />
        <SelectField label="Status" errors={fields.status.errors} options={WISH_LIST_STATUSES} selectProps={getSelectProps(fields.status)} />
      </div>
      <YearAndDateFields year={fields.target_year} date={fields.target_date} yearLabel="Target year" dateLabel="Target date" />
      <Field
        label="Estimated cost"
        hint={`Optional, in ${currency}.`}
        errors={fields.cost.errors}
        inputProps={{ ...getInputProps(fields.cost, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
      />
      <Field
        label={hasImage ? "Replace the image" : "Image"}
        hint={`Optional. JPG, PNG or GIF, up to ${formatBytes(imageMaxBytes)}.`}
        errors={imageErrors}
        inputProps={{ type: "file", name: "image", accept: imageAccept }}
      />
      <TextareaField label="Notes" errors={fields.notes.errors} textareaProps={{ ...getTextareaProps(fields.notes), rows: 3 }} />
    </DialogForm>
  );
}
