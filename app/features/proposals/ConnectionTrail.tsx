import type { ConnectionAction } from "~/lib/db-schema";
import { ViewerTime } from "~/ui/viewer-time";
import { TermsSummary } from "./TermsSummary";

type Step = {
  id: number;
  action: ConnectionAction;
  message: string | null;
  terms_text: string | null;
  terms_hash: string | null;
  created_at: string;
  member_name: string | null;
};

const DID: Record<ConnectionAction, string> = {
  connect: "connected and agreed to the terms",
  update: "updated the proposal and agreed to the terms",
  accept: "accepted and agreed to the terms",
  decline: "declined",
  close: "closed the connection",
};

/** The deal trail: who did what and when, each agreement with the exact terms text agreed to
 * and its SHA-256, and whether today's terms still match it. */
export function ConnectionTrail({ steps, currentHash }: { steps: Step[]; currentHash: string }) {
  return (
    <ol className="trail" aria-label="Deal trail">
      {steps.map((step) => (
        <li key={step.id} data-testid="trail-step">
          <p>
            <strong>{step.member_name ?? "A former member"}</strong> {DID[step.action]} · <ViewerTime value={step.created_at} />
          </p>
          {step.message ? <p className="prewrap">{step.message}</p> : null}
          {step.terms_text ? (
            <details>
              <summary>Terms agreed to{step.terms_hash === currentHash ? " (the terms as they stand)" : " (the terms have changed since)"}</summary>
              <TermsSummary text={step.terms_text} />
              <p className="hash">SHA-256 {step.terms_hash}</p>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
