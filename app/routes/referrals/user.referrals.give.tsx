import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { WARMTH } from "~/features/referrals/constants";
import { MemberPicker } from "~/features/referrals/MemberPicker";
import { contactToRefer, findContactsToRefer, findMembersToReferTo, giveReferral, memberToReferTo } from "~/features/referrals/referrals.server";
import { GiveReferralSchema } from "~/features/referrals/schema";
import { constraintOf } from "~/lib/constraint.server";
import { backTo, formFailure, notFound, parseId } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** What the address keeps while the giver chooses: the member (`to`), the contact, the searches
 * and where the dialog returns. Every step is a link or a GET form, so it works without JS. */
const KEPT = ["to", "contact", "member_q", "contact_q", "back"] as const;

/**
 * "Give a referral": choose the member (found by name, or given by the member's page), the
 * person referred (one of the giver's contacts, passing on only the fields ticked, or typed in),
 * then what they need, how warm it is, whether it is the giver's own need, and a note.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const toId = parseId(params.get("to"));
  const receiver = toId === null ? null : await memberToReferTo(member.id, toId);
  const contactParam = params.get("contact");
  const contactId = parseId(contactParam);
  if (contactParam && contactId === null) notFound();
  const contact = contactId === null ? null : await contactToRefer(member.id, contactId);
  if (contactId !== null && !contact) notFound();
  const memberQuery = params.get("member_q")?.trim().slice(0, 100) ?? "";
  const contactQuery = params.get("contact_q")?.trim().slice(0, 100) ?? "";
  return json({
    receiver,
    contact,
    memberQuery,
    contactQuery,
    members: receiver || !memberQuery ? null : await findMembersToReferTo(member.id, memberQuery),
    contacts: contact || !contactQuery ? null : await findContactsToRefer(member.id, contactQuery),
    kept: Object.fromEntries(KEPT.map((name) => [name, params.get(name) ?? ""])) as Record<(typeof KEPT)[number], string>,
    back: backTo(request, "/user/referrals"),
    constraint: constraintOf(GiveReferralSchema),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: GiveReferralSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const outcome = await giveReferral(member, submission.value, await publicOrigin(request));
  if (!outcome.ok) return formFailure(submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } }));
  return respond(
    request,
    { type: "success", message: `Your referral went to ${outcome.receiverName}.` },
    { to: backTo(request, "/user/referrals", formData.get("back")) },
  );
}

export default function GiveReferral() {
  const { receiver, contact, memberQuery, contactQuery, members, contacts, kept, back, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useServerForm("give-referral", {
    lastResult: actionData?.result,
    constraint,
    defaults: {
      receiver_id: "",
      contact_id: "",
      copy: [] as string[],
      name: "",
      company: "",
      occupation: "",
      email: "",
      phone: "",
      city: "",
      website: "",
      need: "",
      warmth: "",
      own_need: "",
      note: "",
    },
  });
  const here = (changes: Partial<Record<(typeof KEPT)[number], string | number | null>>) => {
    const params = new URLSearchParams();
    for (const name of KEPT) {
      const value = name in changes ? changes[name] : kept[name];
      if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
    }
    const text = params.toString();
    return `/user/referrals/give${text ? `?${text}` : ""}`;
  };
  const hidden = (names: readonly (typeof KEPT)[number][]) =>
    names.filter((name) => kept[name]).map((name) => <input key={name} type="hidden" name={name} value={kept[name]} />);
  const ticked = new Set([fields.copy.initialValue ?? []].flat());
  const warmth = fields.warmth.initialValue ?? "";

  return (
    <RouteDialog title="Give a referral" closeTo={back} size="large">
      <MemberPicker
        heading="To"
        action="/user/referrals/give"
        chosen={receiver}
        query={memberQuery}
        found={members}
        hidden={hidden(["contact", "contact_q", "back"])}
        chooseHref={(id) => here({ to: id, member_q: null })}
        clearHref={here({ to: null })}
        errors={fields.receiver_id.errors}
      />

      <section className="referral-step" aria-labelledby="referral-who-heading">
        <h3 id="referral-who-heading">Who you refer</h3>
        {contact ? (
          <p>
            From your contacts: <strong data-testid="referral-contact">{contact.name}</strong>{" "}
            <Link to={here({ contact: null })} preventScrollReset>
              Type someone in instead
            </Link>
          </p>
        ) : (
          <>
            <Form method="get" action="/user/referrals/give" role="search" aria-label="Contact search" preventScrollReset className="search-row">
              {hidden(["to", "member_q", "back"])}
              <Field
                label="Find in your contacts"
                inputProps={{ type: "search", name: "contact_q", defaultValue: contactQuery, maxLength: 100, autoComplete: "off" }}
              />
              <button type="submit" className="button button--secondary">
                Search
              </button>
            </Form>
            {contacts ? (
              contacts.length ? (
                <ul className="referral-choices" aria-label="Contacts found">
                  {contacts.map((item) => (
                    <li key={item.id}>
                      <Link to={here({ contact: item.id, contact_q: null })} preventScrollReset className="button button--secondary button--small">
                        {item.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">None of your contacts matches.</p>
              )
            ) : null}
            <p className="field-hint">Or type the person or company in below.</p>
          </>
        )}
        <ErrorList errors={fields.contact_id.errors} />
      </section>

      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="receiver_id" value={receiver?.id ?? ""} />
        {kept.back ? <input type="hidden" name="back" value={kept.back} /> : null}
        {contact ? (
          <>
            <input type="hidden" name="contact_id" value={contact.id} />
            <fieldset>
              <legend>What to pass on besides the name</legend>
              {contact.fields.length ? (
                contact.fields.map((field) => (
                  <label key={field.name} className="choice">
                    <input type="checkbox" name="copy" value={field.name} defaultChecked={ticked.has(field.name)} /> {field.label}: {field.value}
                  </label>
                ))
              ) : (
                <p className="muted">Only the name: this contact has nothing more to pass on.</p>
              )}
              <p className="field-hint">{"Nothing else of your contact is shared: the member sees only the name and what you tick."}</p>
              <ErrorList errors={fields.copy.errors} />
            </fieldset>
          </>
        ) : (
          <fieldset>
            <legend>The person or company</legend>
            <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
            <div className="grid-2">
              <Field label="Company" errors={fields.company.errors} inputProps={getInputProps(fields.company, { type: "text" })} />
              <Field label="Occupation" errors={fields.occupation.errors} inputProps={getInputProps(fields.occupation, { type: "text" })} />
              <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} />
              <Field label="Phone" errors={fields.phone.errors} inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "off" }} />
              <Field label="City" errors={fields.city.errors} inputProps={getInputProps(fields.city, { type: "text" })} />
              <Field label="Website" errors={fields.website.errors} inputProps={{ ...getInputProps(fields.website, { type: "text" }), inputMode: "url" }} />
            </div>
          </fieldset>
        )}
        <TextareaField label="What they need" errors={fields.need.errors} textareaProps={{ ...getTextareaProps(fields.need), rows: 3 }} />
        <fieldset aria-describedby={fields.warmth.errors ? "referral-warmth-error" : undefined}>
          <legend>How warm is it?</legend>
          {WARMTH.map((item) => (
            <label key={item.value} className="choice">
              <input type="radio" name="warmth" value={item.value} defaultChecked={warmth === String(item.value)} />
              <span>
                <strong>{item.label}</strong> <span className="muted">{item.words}</span>
              </span>
            </label>
          ))}
          <ErrorList id="referral-warmth-error" errors={fields.warmth.errors} />
        </fieldset>
        <label className="choice">
          <input type="checkbox" name="own_need" value="1" defaultChecked={fields.own_need.initialValue === "1"} /> It is my own need: I am the customer
        </label>
        <TextareaField label="Note (optional)" errors={fields.note.errors} textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }} />
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending} pendingLabel="Sending...">
            Give referral
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Give a referral · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
