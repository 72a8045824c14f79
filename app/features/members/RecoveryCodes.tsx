import { Link } from "@remix-run/react";
import { useHydrated } from "~/ui/use-hydrated";

/** The recovery codes, on the only page that ever shows them, with ways to keep them. */
export function RecoveryCodes({ codes, club }: { codes: string[]; club: string }) {
  const hydrated = useHydrated();
  const text = [`${club}: recovery codes for two-factor sign-in`, "Each code works once, in place of the code from your app.", "", ...codes, ""].join("\n");
  return (
    <div className="recovery-codes">
      <p>
        <strong>Save these recovery codes now. They are shown only this once.</strong> If you lose your phone, each of them signs you in once in place of a code
        from your app. Keep them somewhere safe away from your phone: printed, or in your password manager.
      </p>
      <ol className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        {/* A data: link: the browser saves the file without a request, JavaScript or not. */}
        <a className="button button--secondary" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt">
          Download as a text file
        </a>
        {hydrated ? (
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            Print
          </button>
        ) : null}
        <Link to="/user/settings/security" className="button" preventScrollReset>
          I have saved them
        </Link>
      </div>
      {hydrated ? null : <p className="muted">To print them, use your browser&apos;s Print command (Ctrl+P, or ⌘P on a Mac).</p>}
    </div>
  );
}
