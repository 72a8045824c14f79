import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getProfile, updateProfile } from "~/features/members/members.server";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { ProfileSchema, RefreshPlacesSchema } from "~/features/members/schema";
import { constraintOf } from "~/lib/constraint.server";
import { clubTimeZone } from "~/lib/club.server";
import { zoneLabel } from "~/lib/format";
import { formFailure, orNotFound } from "~/lib/http.server";
import { placeErrors, placeOptions, placeOptionsOfForm } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { timeZones } from "~/lib/time-zones";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { PlaceFields } from "~/ui/place-fields";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const profile = orNotFound(await getProfile(member.id));
  return json({
    profile,
    places: placeOptions(profile),
    constraint: constraintOf(ProfileSchema),
    timeZones: timeZones().map((zone) => ({ value: zone, label: zoneLabel(zone) })),
    clubTimeZone: zoneLabel(await clubTimeZone()),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  // Kept as stored when the member leaves the place alone, though the lists would not offer it.
  const stored = (await getProfile(member.id)) ?? undefined;

  if (formData.get("intent") === "refresh-places") {
    // Without JS: show the provinces and cities of the chosen country, keep what was typed,
    // save nothing.
    const submission = parseWithZod(formData, { schema: RefreshPlacesSchema });
    return json({ result: submission.reply(), places: placeOptionsOfForm(formData, stored) });
  }

  const submission = parseWithZod(formData, {
    schema: ProfileSchema.superRefine((profile, ctx) => {
      for (const [field, message] of Object.entries(placeErrors(profile, stored))) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    }),
  });
  if (submission.status !== "success") return formFailure(submission.reply(), { places: placeOptionsOfForm(formData, stored) });
  await updateProfile(member.id, submission.value);
  return respond(request, { type: "success", message: "Profile saved." }, { to: "/user/settings/profile" });
}

export default function ProfileSettings() {
  const { profile, places, constraint, timeZones, clubTimeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: "profile",
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: "onBlur",
    defaultValue: {
      name: profile.name,
      memberType: profile.member_type,
      occupation: profile.occupation ?? "",
      industry: profile.industry ?? "",
      business: profile.business ?? "",
      businessType: profile.business_type ?? "",
      country: profile.country ?? "",
      province: profile.province ?? "",
      city: profile.city ?? "",
      lookingFor: profile.looking_for ?? "",
      timeZone: profile.time_zone ?? "",
    },
  });
  const place = {
    country: String(fields.country.initialValue ?? ""),
    province: String(fields.province.initialValue ?? ""),
    city: String(fields.city.initialValue ?? ""),
  };

  return (
    <section className="card" aria-labelledby="profile-settings">
      <h2 id="profile-settings">Your profile</h2>
      <p className="muted">Other members see these details on your profile and in search results.</p>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        {/* The first submit button answers the Enter key: keep it the one that saves. */}
        <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden="true" />
        <div className="grid-2">
          <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
          <SelectField label="Member type" options={MEMBER_TYPES} errors={fields.memberType.errors} selectProps={getSelectProps(fields.memberType)} />
          <Field
            label="Occupation or position"
            errors={fields.occupation.errors}
            inputProps={{ ...getInputProps(fields.occupation, { type: "text" }), autoComplete: "organization-title" }}
          />
          <Field label="Industry" errors={fields.industry.errors} inputProps={getInputProps(fields.industry, { type: "text" })} />
          <Field
            label="Business"
            errors={fields.business.errors}
            inputProps={{ ...getInputProps(fields.business, { type: "text" }), autoComplete: "organization" }}
          />
          <Field label="Business type" errors={fields.businessType.errors} inputProps={getInputProps(fields.businessType, { type: "text" })} />
        </div>
        <PlaceFields
          defaults={place}
          options={actionData?.places ?? places}
          errors={{ country: fields.country.errors, province: fields.province.errors, city: fields.city.errors }}
        />
        <TextareaField
          label="Looking for"
          hint="The question members see next to your name, for example: Looking for a co-founder in logistics?"
          errors={fields.lookingFor.errors}
          textareaProps={{ ...getTextareaProps(fields.lookingFor), rows: 3 }}
        />
        <SelectField
          label="Time zone"
          hint="Times of posts, messages and notifications are shown in it. Events keep their own zone."
          placeholder={`The club's time zone (${clubTimeZone})`}
          options={timeZones}
          errors={fields.timeZone.errors}
          selectProps={getSelectProps(fields.timeZone)}
        />
        <ErrorList errors={form.errors} />
        <div className="form-actions">
          <StatusButton pending={pending} name="intent" value="save">
            Save profile
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Profile · Settings · Chapter" }];
