import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { useServerCheck } from "~/features/contacts/ContactForm";
import { getContact } from "~/features/contacts/contacts.server";
import { deliverInvitation, parseInvite } from "~/features/invitations/invite.server";
import { invitationOf, removeInvitationImage } from "~/features/invitations/invitations.server";
import { InviteSchema } from "~/features/invitations/schema";
import { invitationLabel } from "~/features/invitations/state";
import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { backTo, formFailure, requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";
import { respond } from "~/lib/respond.server";
import { uploadLimit } from "~/lib/uploads.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, TextareaField } from "~/ui/field";
import { ImageUpload } from "~/ui/image-upload";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { answerDelivery } from "./invitation-answer.server";
import { useTimeZone } from "~/ui/root-data";

/** SPEC.md §2's invite form: /user/contacts/{id}/invite?back={the opener}. Prefilled from the
 * contact (or from /user/invite_about's ?email= and ?name=), with an optional image. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const invitation = await invitationOf(member.id, contact.id);
  const search = new URL(request.url).searchParams;
  const back = backTo(request, `/user/profile?cicid=${contact.id}`);
  return json({
    contact: { id: contact.id, name: contact.name },
    state: invitation.state,
    imageUrl: invitation.imageUrl,
    defaults: {
      email: search.get("email")?.trim() || invitation.email || contact.email || "",
      name: search.get("name")?.trim() || invitation.name || contact.name,
      message: invitation.message ?? "",
    },
    back,
    here: `/user/contacts/${contact.id}/invite?back=${encodeURIComponent(back)}`,
    constraint: constraintOf(InviteSchema),
    image: { accept: acceptAttribute("invite_image"), maxBytes: uploadLimit("invite_image", "image") },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const back = backTo(request, `/user/profile?cicid=${contact.id}`);
  const formData = await request.formData();
  if (formData.get("intent") === "remove-image") {
    const removed = await removeInvitationImage(member.id, contact.id);
    return respond(
      request,
      { type: removed ? "success" : "info", message: removed ? "Invitation image removed." : "There was no image to remove." },
      { to: `/user/contacts/${contact.id}/invite?back=${encodeURIComponent(back)}` },
    );
  }
  const submission = await parseInvite(formData, member.id, contact.id);
  if (submission.status !== "success") return formFailure(submission.reply());
  return answerDelivery(request, await deliverInvitation(member, contact, submission.value, await publicOrigin(request)), back);
}

/** SPEC.md §5: pending checks are polled every 100 ms before the form is sent. */
const CHECK_POLL_MS = 100;

export default function InviteContact() {
  const { contact, state, imageUrl, defaults, back, here, constraint, image } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm({
    id: `invite-${contact.id}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const formProps = getFormProps(form);
  const email = useServerCheck("/user/ajax/check_contact_and_invite?for=invite", "email", contact.id);
  const emailValue = () => (formRef.current?.elements.namedItem("email") as HTMLInputElement | null)?.value ?? "";
  const invited = state.status === "invited";
  const timeZone = useTimeZone();

  return (
    <RouteDialog title={invited ? `Invite ${contact.name} again` : `Invite ${contact.name}`} closeTo={back}>
      {state.status !== "none" ? <p className="muted">{invitationLabel(state, timeZone)}.</p> : null}
      {state.status === "joined" ? (
        <p>{contact.name} is a member of Chapter now: there is nothing left to invite.</p>
      ) : (
        <>
          <ImageUpload
            action={`/user/ajax/file_upload/invite_image?contact_id=${contact.id}&back=${encodeURIComponent(here)}`}
            accept={image.accept}
            maxBytes={image.maxBytes}
            label="invitation image"
            hint="Optional, shown with your invitation: JPG, PNG or GIF"
            hasImage={Boolean(imageUrl)}
            renderPreview={(preview) =>
              preview || imageUrl ? (
                <img className="invite-image" src={preview ?? imageUrl!} alt={preview ? "The chosen image" : "The invitation image"} width={100} height={100} />
              ) : null
            }
            actions={
              imageUrl ? (
                <button type="submit" form={form.id} name="intent" value="remove-image" formNoValidate className="button button--secondary">
                  Remove
                </button>
              ) : null
            }
          />
          <Form
            method="post"
            {...formProps}
            ref={formRef}
            onSubmit={(event) => {
              formProps.onSubmit(event);
              const submitter = (event.nativeEvent as SubmitEvent).submitter;
              if (event.defaultPrevented || submitter?.getAttribute("value") === "remove-image") return;
              email.refresh(emailValue(), "");
              if (email.latest.current.error) {
                event.preventDefault();
                return;
              }
              if (email.latest.current.pending) {
                // Sent once the check has answered, if it found nothing.
                event.preventDefault();
                const wait = setInterval(() => {
                  if (email.latest.current.pending) return;
                  clearInterval(wait);
                  if (!email.latest.current.error) formRef.current?.requestSubmit();
                }, CHECK_POLL_MS);
              }
            }}
          >
            <CsrfInput />
            <Field
              label="E-mail"
              errors={email.check.error ? [email.check.error] : fields.email.errors}
              inputProps={{
                ...getInputProps(fields.email, { type: "email" }),
                autoComplete: "off",
                onBlur: (event) => email.run(event.currentTarget.value, ""),
              }}
            />
            <Field
              label="Name"
              hint="How the e-mail greets them."
              errors={fields.name.errors}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }}
            />
            <TextareaField
              label="Personal message"
              hint="Optional. It is added to the e-mail."
              errors={fields.message.errors}
              textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }}
            />
            <ErrorList errors={form.errors} />
            <div className="dialog-actions">
              <StatusButton pending={pending} pendingLabel="Sending...">
                {invited ? "Send again" : "Send invitation"}
              </StatusButton>
            </div>
          </Form>
        </>
      )}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Invite · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
