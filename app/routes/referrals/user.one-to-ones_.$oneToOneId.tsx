import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { oneToOneStatusLabel } from "~/features/referrals/constants";
import { answerOneToOne, oneToOneFor, saveOneToOneNote } from "~/features/referrals/one-to-ones.server";
import { OneToOneNoteSchema } from "~/features/referrals/schema";
import { constraintOf } from "~/lib/constraint.server";
import { formatDate } from "~/lib/format";
import { badRequest, formFailure, notFound, requireFound } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { TextareaField } from "~/ui/field";
import { pageKind } from "~/ui/page-kind";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** A one-to-one, for its two members alone (anyone else: 404): the other member confirms or
 * declines it here, and each keeps notes of their own. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const oneToOne = await requireFound(params.oneToOneId, (id) => oneToOneFor(member.id, id));
  return json({ oneToOne, constraint: constraintOf(OneToOneNoteSchema) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const oneToOne = await requireFound(params.oneToOneId, (id) => oneToOneFor(member.id, id));
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `/user/one-to-ones/${oneToOne.id}`;
  if (intent === "confirm" || intent === "decline") {
    const answered = await answerOneToOne(member, oneToOne.id, intent, await publicOrigin(request));
    if (!answered.ok && answered.reason === "not_found") notFound();
    if (!answered.ok) return respond(request, { type: "error", message: answered.message }, { to: here });
    return respond(
      request,
      {
        type: "success",
        message: intent === "confirm" ? `Your one-to-one with ${oneToOne.with} is confirmed.` : `You declined the one-to-one with ${oneToOne.with}.`,
      },
      { to: here },
    );
  }
  if (intent !== "note") badRequest("Unknown action.");
  const submission = parseWithZod(formData, { schema: OneToOneNoteSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  if (!(await saveOneToOneNote(member.id, oneToOne.id, submission.value.note))) notFound();
  return respond(request, { type: "success", message: "Your notes are saved." }, { to: here });
}

export default function OneToOnePage() {
  const { oneToOne, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "note" });
  const answering = useIsPending({ intent: "confirm" });
  const declining = useIsPending({ intent: "decline" });
  const [form, fields] = useServerForm("one-to-one-note", { lastResult: actionData?.result, constraint, defaults: { note: oneToOne.note ?? "" } });
  const toAnswer = oneToOne.role === "partner" && oneToOne.status === "proposed";
  return (
    <div className="referral-page">
      <DetailPageHeader back="/user/one-to-ones" backLabel="One-to-ones" title={`One-to-one with ${oneToOne.with}`}>
        <span className={oneToOne.status === "proposed" ? "badge badge--open" : "badge"} data-testid="one-to-one-status">
          {oneToOneStatusLabel(oneToOne.status)}
        </span>
      </DetailPageHeader>
      <p className="muted">
        Met on {formatDate(oneToOne.met_on)}
        {oneToOne.place ? ` · ${oneToOne.place}` : ""} · recorded by {oneToOne.role === "proposer" ? "you" : oneToOne.proposerName}
      </p>
      {toAnswer ? (
        <section className="card" aria-labelledby="answer-heading">
          <h2 id="answer-heading">Did you meet?</h2>
          <p>{oneToOne.with} recorded this one-to-one with you. Once you confirm it, it counts for both of you.</p>
          <Form method="post" className="form-actions">
            <CsrfInput />
            <StatusButton name="intent" value="confirm" pending={answering}>
              Confirm
            </StatusButton>
            <StatusButton name="intent" value="decline" pending={declining} className="button--secondary">
              Decline
            </StatusButton>
          </Form>
        </section>
      ) : null}
      <section className="card" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Your notes</h2>
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <TextareaField
            label="Notes"
            hint={`Only you see them: ${oneToOne.with} keeps their own.`}
            errors={fields.note.errors}
            textareaProps={{ ...getTextareaProps(fields.note), rows: 5 }}
          />
          <div className="form-actions">
            <StatusButton name="intent" value="note" pending={pending}>
              Save notes
            </StatusButton>
          </div>
        </Form>
      </section>
    </div>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `One-to-one with ${data.oneToOne.with} · Chapter` : "One-to-one · Chapter" }];
