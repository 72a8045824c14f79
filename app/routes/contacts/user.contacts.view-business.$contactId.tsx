import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getContact } from "~/features/contacts/contacts.server";
import { constraintOf } from "~/lib/constraint.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { saveBusiness } from "./save-contact.server";
import { BusinessSchema } from "~/features/contacts/schema";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return json({ contact, constraint: constraintOf(BusinessSchema) });
}

/** SPEC.md §7: business_update. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return saveBusiness(request, member, contact);
}

export default function ContactBusiness() {
  const { contact, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm({
    id: `business-${contact.id}`,
    lastResult: actionData?.result,
    constraint,
    shouldRevalidate: "onBlur",
    defaultValue: {
      company: contact.company ?? "",
      business_type: contact.business_type ?? "",
      industry: contact.industry ?? "",
      website: contact.website ?? "",
      address: contact.address ?? "",
      business_description: contact.business_description ?? "",
    },
  });
  return (
    <RouteDialog title={`${contact.name}'s business`} closeTo={`/user/profile?cicid=${contact.id}`}>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field label="Company" errors={fields.company.errors} inputProps={getInputProps(fields.company, { type: "text" })} />
        <div className="grid-2">
          <Field label="Business type" errors={fields.business_type.errors} inputProps={getInputProps(fields.business_type, { type: "text" })} />
          <Field label="Industry" errors={fields.industry.errors} inputProps={getInputProps(fields.industry, { type: "text" })} />
        </div>
        <Field
          label="Website"
          errors={fields.website.errors}
          inputProps={{ ...getInputProps(fields.website, { type: "text" }), inputMode: "url", placeholder: "example.com" }}
        />
        <TextareaField label="Address" errors={fields.address.errors} textareaProps={{ ...getTextareaProps(fields.address), rows: 2 }} />
        <TextareaField
          label="About the business"
          errors={fields.business_description.errors}
          textareaProps={{ ...getTextareaProps(fields.business_description), rows: 4 }}
        />
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Save business</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Business · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
