import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type Answer, answerConnection, getConnection } from "~/features/proposals/connections.server";
import { AgreedTerms } from "~/features/proposals/AgreedTerms";
import { connectionPath } from "~/features/proposals/constants";
import { AnswerSchema } from "~/features/proposals/schema.server";
import { formFailure, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { type Member, requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { ErrorList } from "~/ui/field";

function answerOf(raw: string | undefined): Answer {
  if (raw === "accept" || raw === "decline") return raw;
  notFound();
}

/** The connection, for the member asked to answer it only (404 for anyone else). */
async function waitingConnection(member: Member, rawId: unknown) {
  const connection = await requireFound(rawId, (id) => getConnection(member.id, id));
  if (!connection.isRecipient) notFound();
  return connection;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const answer = answerOf(params.answer);
  const connection = await waitingConnection(member, params.connectionId);
  const other = connection.memberSide === "entrepreneur" ? connection.investor.owner_name : connection.entrepreneur.owner_name;
  // Accepting agrees to these terms: the dialog shows them and posts their hash back.
  return json({
    id: connection.id,
    answer,
    other,
    business: connection.entrepreneur.business_name,
    terms: answer === "accept" ? connection.currentTerms : null,
  });
}

/** Accepting or declining is a POST (SPEC.md §7's GET ajax-connection-action-call lands here
 * and is asked to confirm). Accepting is refused, with the terms as they stand to read, when
 * they are not the terms the dialog showed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const answer = answerOf(params.answer);
  const connection = await waitingConnection(member, params.connectionId);
  const submission = parseWithZod(await request.formData(), { schema: AnswerSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const result = await answerConnection(member, connection.id, answer, submission.value.message, submission.value.terms_hash);
  const to = connectionPath(connection.id);
  if (!result.ok && result.terms) return formFailure(submission.reply({ formErrors: [result.message] }), { terms: result.terms }, result.status);
  if (!result.ok) return respond(request, { type: "error", message: result.message }, { to, status: result.status });
  return respond(request, { type: "success", message: answer === "accept" ? "You accepted the proposal." : "You declined the proposal." }, { to });
}

export default function AnswerConnection() {
  const { id, answer, other, business, terms: shownTerms } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const errors = (result?.error as Record<string, string[]> | undefined)?.message;
  const terms = actionData && "terms" in actionData ? actionData.terms : shownTerms;
  const accept = answer === "accept";
  return (
    <ConfirmDialog
      title={accept ? "Accept this proposal?" : "Decline this proposal?"}
      message={
        accept
          ? `Are you sure you want to accept ${other}'s proposal for ${business}? You agree to the terms above.`
          : `Are you sure you want to decline ${other}'s proposal for ${business}?`
      }
      confirmLabel={accept ? "Yes, accept" : "Yes, decline"}
      destructive={!accept}
      cancelTo={connectionPath(id)}
    >
      {terms ? <AgreedTerms terms={terms} refusal={(result?.error as Record<string, string[]> | undefined)?.[""]} /> : null}
      <div className="field">
        <label htmlFor="answer-message">A word to {other} (optional)</label>
        <textarea
          id="answer-message"
          name="message"
          rows={3}
          maxLength={2000}
          defaultValue={typeof result?.initialValue?.message === "string" ? result.initialValue.message : undefined}
          aria-invalid={errors ? true : undefined}
        />
        <ErrorList errors={errors} />
      </div>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Answer a proposal · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
