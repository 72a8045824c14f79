import { ErrorList } from "~/ui/field";

/**
 * The terms a member agrees to by sending the form they sit in: the exact text, and its hash in
 * a hidden field, so that the server records the terms the member saw and refuses when they
 * changed meanwhile (`refusal` then says so, and `terms` are the new ones to read).
 */
export function AgreedTerms({ terms, refusal }: { terms: { text: string; hash: string }; refusal?: string[] | null }) {
  return (
    <section className="agreed-terms" aria-label="The terms you agree to">
      <p>
        <strong>The terms you agree to</strong>
      </p>
      {refusal?.length ? (
        <div role="alert">
          <ErrorList errors={refusal} />
        </div>
      ) : null}
      <pre className="terms" data-testid="agreed-terms">
        {terms.text}
      </pre>
      <input type="hidden" name="terms_hash" value={terms.hash} />
    </section>
  );
}
