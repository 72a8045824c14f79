import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatBytes } from "~/lib/file-types";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { PlaceFields, type PlaceOptions } from "~/ui/place-fields";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

export type EventFormDefaults = Partial<Record<string, string>>;

/** SPEC.md's event form (create or edit). Times are the venue's wall clock in its time zone;
 * an empty capacity means that ticket type is not offered, an empty amount that it is free. */
export function EventForm({
  lastResult,
  constraint,
  defaults,
  places,
  timeZones,
  currency,
  imageAccept,
  imageMaxBytes,
  currentImageUrl,
  eventId,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: EventFormDefaults;
  places: PlaceOptions;
  timeZones: string[];
  /** The currency ticket amounts are in (the club's, or the event's own once saved). */
  currency: string;
  imageAccept: string;
  imageMaxBytes: number;
  currentImageUrl: string | null;
  eventId: number | null;
  submitLabel: string;
}) {
  const pending = useIsPending();
  const [form, fields] = useServerForm(eventId ? `event-${eventId}` : "event-new", { lastResult, constraint, defaults });
  const imageErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.image;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="event-form">
      <CsrfInput />
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }} />
      <div className="field-row">
        <Field label="Start date" errors={fields.start_date.errors} inputProps={{ ...getInputProps(fields.start_date, { type: "date" }) }} />
        <Field label="Start time" errors={fields.start_time.errors} inputProps={{ ...getInputProps(fields.start_time, { type: "time" }), step: 300 }} />
      </div>
      <div className="field-row">
        <Field label="End date" errors={fields.end_date.errors} inputProps={{ ...getInputProps(fields.end_date, { type: "date" }) }} />
        <Field label="End time" errors={fields.end_time.errors} inputProps={{ ...getInputProps(fields.end_time, { type: "time" }), step: 300 }} />
      </div>
      <SelectField
        label="Time zone"
        hint="The times above are the venue's local times."
        errors={fields.time_zone.errors}
        options={timeZones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
        selectProps={{ ...getSelectProps(fields.time_zone) }}
      />
      <Field label="Venue" errors={fields.venue.errors} inputProps={{ ...getInputProps(fields.venue, { type: "text" }) }} />
      <PlaceFields
        defaults={{
          country: String(fields.country.initialValue ?? defaults.country ?? ""),
          province: String(fields.province.initialValue ?? defaults.province ?? ""),
          city: String(fields.city.initialValue ?? defaults.city ?? ""),
        }}
        options={places}
        errors={{ country: fields.country.errors, province: fields.province.errors, city: fields.city.errors }}
      />
      <fieldset className="event-image-field">
        <legend>Image</legend>
        {currentImageUrl ? (
          <div className="event-image-current">
            <img src={currentImageUrl} alt="The event's current image" width={160} />
            <label className="choice">
              <input type="checkbox" name="remove_image" value="1" /> Remove this image
            </label>
          </div>
        ) : null}
        <Field
          label={currentImageUrl ? "Replace the image" : "Choose an image"}
          hint={`JPG, PNG or GIF, up to ${formatBytes(imageMaxBytes)}.`}
          errors={imageErrors}
          inputProps={{ type: "file", name: "image", accept: imageAccept }}
        />
      </fieldset>
      <fieldset className="event-tickets">
        <legend>Tickets</legend>
        <p className="field-hint">Leave a capacity empty when that ticket type is not offered, and an amount empty when it is free.</p>
        <TicketFields label="General" capacity={fields.general_capacity} amount={fields.general_amount} currency={currency} />
        <TicketFields label="VIP" capacity={fields.vip_capacity} amount={fields.vip_amount} currency={currency} />
      </fieldset>
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending} name="intent" value="save">
          {submitLabel}
        </StatusButton>
      </div>
    </Form>
  );
}

type TicketField = FieldMetadata<any, Record<string, any>, string[]>;

/** One ticket type's seats and amount. */
function TicketFields({ label, capacity, amount, currency }: { label: string; capacity: TicketField; amount: TicketField; currency: string }) {
  return (
    <div className="field-row">
      <Field
        label={`${label} seats`}
        errors={capacity.errors}
        inputProps={{ ...getInputProps(capacity, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
      />
      <Field
        label={`${label} ticket amount (${currency})`}
        errors={amount.errors}
        inputProps={{ ...getInputProps(amount, { type: "text" }), inputMode: "decimal", placeholder: "Free" }}
      />
    </div>
  );
}
