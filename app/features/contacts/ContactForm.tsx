import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatBytes } from "~/lib/file-types";
import { useRef, useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { PlaceFields, type PlaceOptions } from "~/ui/place-fields";
import { useRootData } from "~/ui/root-data";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** SPEC.md §9: pending checks are polled every 100 ms before the form is sent. */
const CHECK_POLL_MS = 100;

/** `country` is what a phone number was read in (the e-mail check ignores it). */
type Check = { value: string; country: string; pending: boolean; error: string };

/** SPEC.md §5: the e-mail and phone are checked on the server as the member leaves the
 * field; the reply is the field's error and blocks sending. (Without JS the action runs the
 * same check on submit.) */
export function useServerCheck(url: string, field: "email" | "phone", contactId: number | null) {
  const { csrf } = useRootData();
  const [check, setCheckState] = useState<Check>({ value: "", country: "", pending: false, error: "" });
  // Read by the submit handler, which can run before React re-renders (the click that
  // blurred the field submits in the same tick): kept up to date synchronously.
  const latest = useRef(check);
  function setCheck(next: Check) {
    latest.current = next;
    setCheckState(next);
  }
  async function run(value: string, placeCountry: string) {
    const trimmed = value.trim();
    const country = field === "phone" ? placeCountry : "";
    if (!trimmed) {
      setCheck({ value: "", country, pending: false, error: "" });
      return;
    }
    setCheck({ value: trimmed, country, pending: true, error: "" });
    const body = new URLSearchParams({ [field]: trimmed, contact_id: contactId ? String(contactId) : "", country });
    let error = "";
    try {
      const response = await fetch(url, { method: "POST", body, headers: { "X-CSRF-Token": csrf } });
      if (response.ok) error = await response.text();
    } catch {
      // The server checks again on submit.
    }
    if (latest.current.value === trimmed && latest.current.country === country) setCheck({ value: trimmed, country, pending: false, error });
  }
  /** An error (or a pending answer) about what the field held before no longer counts: the
   * member changed it without leaving the field (Enter sends the form), or chose another
   * country for the phone number. Asks again. */
  function refresh(value: string, placeCountry: string) {
    const current = latest.current;
    const stale = current.value !== value.trim() || (field === "phone" && current.country !== placeCountry);
    if (stale && (current.error || current.pending)) void run(value, placeCountry);
  }
  return { check, latest, run, refresh };
}

export function ContactForm({
  lastResult,
  constraint,
  defaults,
  places,
  suggestions,
  contactId,
  submitLabel,
  photo,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  places: PlaceOptions;
  suggestions: { meetPlaces: string[]; occupations: string[] };
  contactId: number | null;
  submitLabel: string;
  /** The add dialog's profile image field (the edit dialog has its own image control). */
  photo?: { accept: string; maxBytes: number };
}) {
  const pending = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: contactId ? `contact-${contactId}` : "contact-new",
    lastResult,
    constraint: constraint as never,
    defaultValue: defaults,
    // The server validates; re-validating on blur would post the form on every blur.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const formProps = getFormProps(form);
  const email = useServerCheck("/user/ajax/check_contact_and_invite", "email", contactId);
  const phone = useServerCheck("/user/ajax/check_contact_and_invite_to_phone", "phone", contactId);
  const country = () => (formRef.current?.elements.namedItem("country") as HTMLSelectElement | null)?.value ?? "";
  const valueOf = (name: "email" | "phone") => (formRef.current?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
  // Open when there is something to see in it (a value, or an error after a post without JS).
  const extra = [fields.phone, fields.occupation, fields.meet_place, fields.country, fields.province, fields.city];
  const hasExtra = extra.some((field) => Boolean(field.initialValue) || Boolean(field.errors?.length));
  // With JS a file over the limit is refused as it is chosen, without sending it; choosing
  // another file also clears the server's answer about the previous one.
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [answered, setAnswered] = useState<unknown>(null);
  const serverPhotoErrors = lastResult === answered ? null : (lastResult?.error as Record<string, string[] | null> | undefined)?.image;
  const photoErrors = photoError ? [photoError] : serverPhotoErrors;
  const photoTooLarge = (file: File | undefined) =>
    photo && file && file.size > photo.maxBytes ? `Upload error: ${file.name}: The file is too large: the limit is ${formatBytes(photo.maxBytes)}.` : "";

  return (
    <Form
      method="post"
      encType={photo ? "multipart/form-data" : undefined}
      {...formProps}
      ref={formRef}
      onChange={(event) => {
        if ((event.target as HTMLElement).getAttribute("name") === "country") phone.refresh(valueOf("phone"), country());
      }}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        if (event.defaultPrevented) return;
        const chosen = (formRef.current?.elements.namedItem("image") as HTMLInputElement | null)?.files?.[0];
        if (photoTooLarge(chosen)) {
          event.preventDefault();
          setPhotoError(photoTooLarge(chosen));
          return;
        }
        email.refresh(valueOf("email"), country());
        phone.refresh(valueOf("phone"), country());
        const checks = [email.latest.current, phone.latest.current];
        if (checks.some((check) => check.error)) {
          event.preventDefault();
          return;
        }
        if (checks.some((check) => check.pending)) {
          // Sent once the checks have answered, if they found nothing (the first, hidden
          // submit button carries intent=save).
          event.preventDefault();
          const wait = setInterval(() => {
            const now = [email.latest.current, phone.latest.current];
            if (now.some((check) => check.pending)) return;
            clearInterval(wait);
            if (!now.some((check) => check.error)) formRef.current?.requestSubmit();
          }, CHECK_POLL_MS);
        }
      }}
    >
      <CsrfInput />
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} />
      <Field
        label="E-mail"
        errors={email.check.error ? [email.check.error] : fields.email.errors}
        inputProps={{
          ...getInputProps(fields.email, { type: "email" }),
          autoComplete: "off",
          onBlur: (event) => email.run(event.currentTarget.value, country()),
        }}
      />
      <details className="extra-fields" open={hasExtra || undefined}>
        <summary>More details</summary>
        <Field
          label="Phone"
          errors={phone.check.error ? [phone.check.error] : fields.phone.errors}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), onBlur: (event) => phone.run(event.currentTarget.value, country()) }}
        />
        <Field
          label="Occupation or position"
          errors={fields.occupation.errors}
          inputProps={{ ...getInputProps(fields.occupation, { type: "text" }), list: "contact-occupations" }}
        />
        <datalist id="contact-occupations">
          {suggestions.occupations.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
        <Field
          label="Meet place"
          hint="Where you met, for example a fair or a club dinner."
          errors={fields.meet_place.errors}
          inputProps={{ ...getInputProps(fields.meet_place, { type: "text" }), list: "contact-meet-places" }}
        />
        <datalist id="contact-meet-places">
          {suggestions.meetPlaces.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
        <PlaceFields
          defaults={{
            country: String(fields.country.initialValue ?? defaults.country ?? ""),
            province: String(fields.province.initialValue ?? defaults.province ?? ""),
            city: String(fields.city.initialValue ?? defaults.city ?? ""),
          }}
          options={places}
          errors={{ country: fields.country.errors, province: fields.province.errors, city: fields.city.errors }}
        />
      </details>
      {photo ? (
        // After the other fields: a file refused while it streams in ends the reading of the
        // form, and what was typed ahead of it still comes back.
        <Field
          label="Profile image"
          hint={`JPG, PNG or GIF, up to ${formatBytes(photo.maxBytes)}.`}
          errors={photoErrors}
          inputProps={{
            type: "file",
            name: "image",
            accept: photo.accept,
            onChange: (event) => {
              setAnswered(lastResult);
              setPhotoError(photoTooLarge(event.currentTarget.files?.[0]) || null);
            },
          }}
        />
      ) : null}
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        {/* Not disabled while the checks run: a click would be lost as the field loses focus. */}
        <StatusButton pending={pending} name="intent" value="save">
          {submitLabel}
        </StatusButton>
      </div>
    </Form>
  );
}
