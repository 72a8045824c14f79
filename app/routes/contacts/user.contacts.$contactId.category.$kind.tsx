import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CATEGORY_KINDS, LABEL_MAX, OTHER_CATEGORIES, REAL_ESTATE_CATEGORIES } from "~/features/contacts/categories";
import { labelsByContact, labelsDialogPath, labelsOf, setChapterHead, setContactLabels, setFixedCategory } from "~/features/contacts/categories.server";
import { ChapterHeadSchema, ContactLabelsSchema, fixedCategorySchema } from "~/features/contacts/schema";
import { getContact } from "~/features/contacts/contacts.server";
import { backTo, formFailure, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** SPEC.md §2's category modals, one route for the four kinds:
 * /user/contacts/{id}/category/my | real-estate | other | chapter-head (?back= the opener). */
async function target(request: Request, params: { contactId?: string; kind?: string }) {
  const member = await requireMember(request);
  const kind = CATEGORY_KINDS.find((item) => item.kind === params.kind);
  if (!kind) notFound();
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const back = backTo(request, `/user/profile?cicid=${contact.id}`);
  return { member, contact, kind: kind.kind, title: kind.title, back };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, contact, kind, title, back } = await target(request, params);
  const labels = kind === "my" ? await labelsOf(member.id) : [];
  const assigned = kind === "my" ? ((await labelsByContact([contact.id])).get(contact.id) ?? []).map((label) => label.id) : [];
  return json({
    contact: {
      id: contact.id,
      name: contact.name,
      real_estate_category: contact.real_estate_category,
      other_category: contact.other_category,
      chapter_head: contact.chapter_head,
    },
    kind,
    title,
    back,
    labels,
    assigned,
    // The dialog that renames and deletes labels comes back here.
    manageLabels: labelsDialogPath(new URL(request.url).pathname + new URL(request.url).search),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, contact, kind, back } = await target(request, params);
  const form = await request.formData();
  if (kind === "my") {
    const submission = parseWithZod(form, { schema: ContactLabelsSchema });
    if (submission.status !== "success") return formFailure(submission.reply());
    await setContactLabels(member.id, contact.id, submission.value.label, submission.value.new_label);
  } else if (kind === "real-estate" || kind === "other") {
    const submission = parseWithZod(form, { schema: fixedCategorySchema(kind === "other" ? OTHER_CATEGORIES : REAL_ESTATE_CATEGORIES) });
    if (submission.status !== "success") return formFailure(submission.reply());
    await setFixedCategory(member.id, contact.id, kind, submission.value.category);
  } else {
    const submission = parseWithZod(form, { schema: ChapterHeadSchema });
    if (submission.status !== "success") return formFailure(submission.reply());
    await setChapterHead(member.id, contact.id, submission.value.chapter);
  }
  return respond(request, { type: "success", message: `Categories of ${contact.name} saved.` }, { to: back });
}

function FixedChoices({ choices, current }: { choices: readonly { value: string; label: string }[]; current: string | null }) {
  return (
    <fieldset>
      <legend>Category</legend>
      <label className="choice">
        <input type="radio" name="category" value="" defaultChecked={!current} /> None
      </label>
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input type="radio" name="category" value={choice.value} defaultChecked={current === choice.value} /> {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

export default function ContactCategory() {
  const { contact, kind, title, back, labels, assigned, manageLabels } = useLoaderData<typeof loader>();
  const errors = useActionData<typeof action>()?.result.error;
  const pending = useIsPending();
  return (
    <RouteDialog title={`${title}: ${contact.name}`} closeTo={back} size="small">
      <Form method="post">
        <CsrfInput />
        {kind === "my" ? (
          <>
            {labels.length ? (
              <fieldset>
                <legend>Your categories</legend>
                {labels.map((label) => (
                  <label key={label.id} className="choice">
                    <input type="checkbox" name="label" value={label.id} defaultChecked={assigned.includes(label.id)} /> {label.name}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="muted">You have no categories of your own yet: name the first one below.</p>
            )}
            <Field
              label="New category"
              hint="For example: Golf partners, Speakers, Board."
              errors={errors?.new_label}
              inputProps={{ name: "new_label", maxLength: LABEL_MAX }}
            />
            {labels.length ? (
              <p>
                <Link to={manageLabels} preventScrollReset>
                  Rename or delete your categories
                </Link>
              </p>
            ) : null}
          </>
        ) : kind === "real-estate" ? (
          <FixedChoices choices={REAL_ESTATE_CATEGORIES} current={contact.real_estate_category} />
        ) : kind === "other" ? (
          <FixedChoices choices={OTHER_CATEGORIES} current={contact.other_category} />
        ) : (
          <Field
            label="Head of the chapter"
            hint="Leave empty when this contact heads no chapter."
            errors={errors?.chapter}
            inputProps={{ name: "chapter", defaultValue: contact.chapter_head ?? "", maxLength: 80, placeholder: "For example: Chapter Toronto" }}
          />
        )}
        <ErrorList errors={errors?.category} />
        <div className="dialog-actions">
          <StatusButton pending={pending}>Save</StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Category · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
