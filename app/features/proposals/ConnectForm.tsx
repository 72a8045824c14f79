import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useFormAction, useMatches, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, type Option, SelectField, TextareaField } from "~/ui/field";
import { useIsPending } from "~/ui/status-button";
import { useChangeMadeEarly } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { AgreedTerms } from "./AgreedTerms";
import { AGREEMENT } from "./constants";

type Terms = { text: string; hash: string; differences?: string[] };

/**
 * SPEC.md §2's connect modal: one of the member's own proposals, a message and the agreement
 * to the terms shown (their text, and their hash posted back: when the terms changed meanwhile
 * the server refuses and the new terms are shown to read).
 * The button reads Connect, or Update when the chosen proposal is already connected (§4: its
 * message prefilled, the agreement ticked). With JS, choosing another proposal reloads the
 * dialog's data for it, and the form is sent by fetch: the answer's `{type, message, url}` is
 * shown and the member lands on `url` (after `delayMs`: 1 s for the investor connect, §9);
 * the buttons stay disabled while loading and after sending. Without JS it is a plain form
 * with a select (and Choose, to reload the dialog for another proposal) and a submit, answered
 * by a redirect.
 */
export function ConnectForm({
  proposals,
  chosen,
  existing,
  terms: shownTerms,
  delayMs,
  lastResult,
  cancelTo,
}: {
  proposals: Option[];
  chosen: string | null;
  existing: { message: string } | null;
  terms: Terms | null;
  delayMs: number;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelTo: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const action = useFormAction();
  const routeId = useMatches().at(-1)?.id ?? "";
  const posting = useIsPending();
  const [, setSearchParams] = useSearchParams();
  const [result, setResult] = useState(lastResult);
  const [terms, setTerms] = useState(shownTerms);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setResult(lastResult), [lastResult]);
  useEffect(() => setTerms(shownTerms), [shownTerms]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [form, fields] = useForm({
    id: `connect-${chosen ?? "none"}`,
    lastResult: result,
    defaultValue: { proposal_id: chosen ?? "", message: existing?.message ?? "", is_agree: existing ? "on" : undefined },
    // Checked by the server when sent, only: a revalidation would submit the form again.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const chooseProposal = (value: string) => setSearchParams({ proposal: value }, { replace: true, preventScrollReset: true });
  useChangeMadeEarly(formRef, fields.proposal_id.name, (_form, value) => chooseProposal(value));
  const busy = sending || sent !== null || navigation.state !== "idle" || posting;

  async function send(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (busy) return;
    setSending(true);
    setFailure(null);
    try {
      // The route's data address: its action's own answer (JSON), not the page rendered with it.
      const url = new URL(action, window.location.href);
      url.searchParams.set("_data", routeId);
      const response = await fetch(url, {
        method: "POST",
        body: new FormData(event.currentTarget),
        headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" },
      });
      const body = (await response.json().catch(() => null)) as { message?: string; url?: string; result?: SubmissionResult<string[]>; terms?: Terms } | null;
      if (response.ok && body?.url) {
        const url = body.url;
        setSent(body.message ?? "Sent.");
        timer.current = setTimeout(() => navigate(url), delayMs);
        return;
      }
      // Terms changed since shown: the new ones replace them, to be read and agreed to again.
      if (body?.terms) setTerms(body.terms);
      if (body?.result) setResult(body.result);
      else setFailure(body?.message ?? (response.status === 404 ? "This entry is not there any more." : "Something went wrong: please try again."));
    } catch {
      setFailure("The connection failed: please try again.");
    }
    setSending(false);
  }

  return (
    <Form method="post" {...getFormProps(form)} onSubmit={send} ref={formRef}>
      <CsrfInput />
      <div className="choose-proposal">
        <SelectField
          label="Your proposal"
          errors={fields.proposal_id.errors}
          options={proposals}
          selectProps={{
            ...getSelectProps(fields.proposal_id),
            onChange: (event) => {
              if (hydrated) chooseProposal(event.currentTarget.value);
            },
          }}
        />
        {hydrated ? null : (
          // Without JS, choosing reloads the dialog for that proposal (its terms, Connect or Update).
          <button type="submit" name="intent" value="choose" formNoValidate className="button button--secondary">
            Choose
          </button>
        )}
      </div>
      <TextareaField label="Message" errors={fields.message.errors} textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }} />
      {terms ? <AgreedTerms terms={terms} refusal={form.errors} /> : <ErrorList errors={form.errors} />}
      <Field label={AGREEMENT} className="field--checkbox" errors={fields.is_agree.errors} inputProps={getInputProps(fields.is_agree, { type: "checkbox" })} />
      {sent ? (
        <p role="status" className="notice notice--success">
          {sent}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="field-errors">
          {failure}
        </p>
      ) : null}
      <div className="dialog-actions">
        <Link to={cancelTo} className="button button--secondary" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="button" disabled={busy} aria-busy={sending || posting || undefined}>
          {sending || posting ? "Please Wait..." : existing ? "Update" : "Connect"}
        </button>
      </div>
    </Form>
  );
}
