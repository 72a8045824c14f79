import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { formatBytes } from "~/lib/file-types";
import { DialogForm } from "~/ui/dialog-form";
import { Field, type Option, SelectField, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";

/** An offer (SPEC.md's product): title, description, optional price, optional event, and an
 * image to add (more can be added on the offer's page). */
export function OfferForm({
  lastResult,
  constraint,
  defaults,
  events,
  imageAccept,
  imageMaxBytes,
  offerId,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  events: Option[];
  imageAccept: string;
  imageMaxBytes: number;
  offerId: number | null;
  submitLabel: string;
}) {
  const [form, fields] = useServerForm(offerId ? `offer-${offerId}` : "offer-new", { lastResult, constraint, defaults });
  const imageErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.image;
  return (
    <DialogForm form={form} submitLabel={submitLabel} multipart className="offer-form">
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }} />
      <Field
        label="Price"
        hint="Optional."
        errors={fields.price.errors}
        inputProps={{ ...getInputProps(fields.price, { type: "text" }), inputMode: "decimal" }}
      />
      <SelectField
        label="Event"
        hint="Optional: the event this offer is for."
        errors={fields.event_id.errors}
        options={events}
        placeholder="No event"
        selectProps={{ ...getSelectProps(fields.event_id) }}
      />
      <Field
        label={offerId ? "Add an image" : "Image"}
        hint={`JPG, PNG or GIF, up to ${formatBytes(imageMaxBytes)}.`}
        errors={imageErrors}
        inputProps={{ type: "file", name: "image", accept: imageAccept }}
      />
    </DialogForm>
  );
}
