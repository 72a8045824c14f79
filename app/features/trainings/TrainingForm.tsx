import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatBytes } from "~/lib/file-types";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** SPEC.md §2's training form: for creating and for editing a training. */
export function TrainingForm({
  lastResult,
  constraint,
  defaults,
  timeZones,
  imageAccept,
  imageMaxBytes,
  videoMaxBytes,
  trainingId,
  hasImage,
  trainerHint,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  timeZones: string[];
  imageAccept: string;
  imageMaxBytes: number;
  videoMaxBytes: number;
  trainingId: number | null;
  hasImage: boolean;
  trainerHint: string;
  submitLabel: string;
}) {
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: trainingId ? `training-${trainingId}` : "training-new",
    lastResult,
    constraint: constraint as never,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const imageErrors = (lastResult?.error as Record<string, string[] | null> | undefined)?.image;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      <CsrfInput />
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <Field
        label="Trainer"
        hint={trainerHint}
        errors={fields.trainer_name.errors}
        inputProps={{ ...getInputProps(fields.trainer_name, { type: "text" }), autoComplete: "off" }}
      />
      <div className="grid-2">
        <Field label="Date" errors={fields.date.errors} inputProps={getInputProps(fields.date, { type: "date" })} />
        <Field label="Start time" errors={fields.start_time.errors} inputProps={getInputProps(fields.start_time, { type: "time" })} />
      </div>
      <SelectField
        label="Time zone"
        hint="The date and time above are this zone's local time."
        errors={fields.time_zone.errors}
        options={timeZones.map((zone) => ({ value: zone, label: zone.replace(/_/g, " ") }))}
        selectProps={getSelectProps(fields.time_zone)}
      />
      <div className="grid-2">
        <Field
          label="Duration (minutes)"
          errors={fields.duration.errors}
          inputProps={{ ...getInputProps(fields.duration, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
        <Field
          label="Capacity"
          hint="Optional: empty for unlimited places."
          errors={fields.capacity.errors}
          inputProps={{ ...getInputProps(fields.capacity, { type: "text" }), inputMode: "numeric", autoComplete: "off" }}
        />
      </div>
      <Field
        label="Place"
        hint="A place or an online link, or both."
        errors={fields.place.errors}
        inputProps={{ ...getInputProps(fields.place, { type: "text" }), autoComplete: "off" }}
      />
      <Field
        label="Online link"
        errors={fields.online_link.errors}
        inputProps={{ ...getInputProps(fields.online_link, { type: "url" }), autoComplete: "off" }}
      />
      <Field
        label={hasImage ? "Replace the image or video" : "Image or video"}
        hint={`Optional. An image (JPG, PNG or GIF, up to ${formatBytes(imageMaxBytes)}) or a video (MP4, MOV, AVI, WMV, 3GP, FLV, TS or M3U8, up to ${formatBytes(videoMaxBytes)}).`}
        errors={imageErrors}
        inputProps={{ type: "file", name: "image", accept: imageAccept }}
      />
      <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 4 }} />
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
