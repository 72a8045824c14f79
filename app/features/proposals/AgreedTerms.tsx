import { ErrorList } from "~/ui/field";
import { TermsSummary } from "./TermsSummary";

/**
 * The terms a member agrees to by sending the form they sit in: the two entries as they stand,
 * where they differ, and the terms' hash in a hidden field, so that the server records the
 * terms the member saw and refuses when they changed meanwhile (`refusal` then says so, and
 * `terms` are the new ones to read).
 */
export function AgreedTerms({ terms, refusal }: { terms: { text: string; hash: string; differences?: string[] }; refusal?: string[] | null }) {
  const differences = terms.differences ?? [];
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
      <div data-testid="agreed-terms">
        <TermsSummary text={terms.text} />
      </div>
      {differences.length ? (
        <div className="notice notice--warning terms-differences" data-testid="terms-differences">
          <p>
            <strong>The two entries differ.</strong> You agree to both as they are written:
          </p>
          <ul>
            {differences.map((difference) => (
              <li key={difference}>{difference}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <input type="hidden" name="terms_hash" value={terms.hash} />
    </section>
  );
}
