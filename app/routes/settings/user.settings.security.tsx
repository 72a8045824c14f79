import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { twoFactorStatus } from "~/features/members/two-factor.server";
import { getSessionId, listSessions, requireMember } from "~/lib/session.server";
import { ListTable } from "~/ui/list-table";
import { ViewerTime } from "~/ui/viewer-time";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const current = await getSessionId(request);
  const [sessions, twoFactor] = await Promise.all([listSessions(member.id), twoFactorStatus(member.id)]);
  return json({ sessions: sessions.map((session) => ({ ...session, current: session.id === current })), twoFactor });
}

/** "Firefox on Windows" from a user agent, good enough for a member to recognise a device. */
function describeDevice(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "A browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

export default function Security() {
  const { sessions, twoFactor } = useLoaderData<typeof loader>();
  const others = sessions.filter((session) => !session.current);
  return (
    <>
      <section className="card" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p className="muted">Changing your password signs you out on every other device.</p>
        <Link to="password" className="button button--secondary" preventScrollReset>
          Change password
        </Link>
      </section>
      <TwoFactorSection status={twoFactor} />
      <section className="card" aria-labelledby="sessions-heading">
        <div className="page-header">
          <h2 id="sessions-heading">Where you are signed in</h2>
          {others.length > 0 ? (
            <Link to="sign-out-others" className="button button--secondary button--small" preventScrollReset>
              Sign out all other sessions
            </Link>
          ) : null}
        </div>
        <ListTable headings={["Device", "Address", "Signed in", "Last active"]} actions="Actions" className="list--whole-words">
          {sessions.map((session) => (
            <tr key={session.id} data-testid="session-row">
              <td>
                {describeDevice(session.user_agent)}
                {session.current ? (
                  <>
                    {" "}
                    <span className="badge">This device</span>
                  </>
                ) : null}
              </td>
              <td data-label="Address">{session.ip ?? "—"}</td>
              <td data-label="Signed in">
                <ViewerTime value={session.created_at} />
              </td>
              <td data-label="Last active">
                <ViewerTime value={session.last_seen_at} />
              </td>
              <td className="cell-action">
                {session.current ? null : (
                  <Link to={`sessions/${encodeURIComponent(session.id)}/sign-out`} className="button button--secondary button--small" preventScrollReset>
                    Sign out<span className="visually-hidden"> {describeDevice(session.user_agent)}</span>
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      </section>
      <section className="card" aria-labelledby="your-data-heading">
        <h2 id="your-data-heading">Your data and leaving</h2>
        <p className="muted">
          Everything you keep in Chapter in one zip file: contacts (CSV and vCard), events and tickets (calendar files), posts and comments with their photos
          and videos, and all the rest.
        </p>
        <p>
          {/* A plain link: the browser downloads the zip as it is written, JavaScript or not. */}
          <a href="/user/settings/my-data.zip" className="button button--secondary" download>
            Download my data
          </a>
        </p>
        <p className="muted">Deleting your account removes your data and files and signs you out everywhere.</p>
        <Link to="delete-account" className="button button--secondary button--danger" preventScrollReset>
          Delete my account
        </Link>
      </section>
      <Outlet />
    </>
  );
}

function TwoFactorSection({ status }: { status: SerializeFrom<typeof loader>["twoFactor"] }) {
  return (
    <section className="card" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>
      {status.enabled ? (
        <>
          <p data-testid="two-factor-status">
            <span className="badge">On</span> since <ViewerTime value={status.enabledAt} dateOnly />.{" "}
            {status.recoveryCodesLeft === 1 ? "1 recovery code is" : `${status.recoveryCodesLeft} recovery codes are`} left.
          </p>
          <p className="muted">
            After your password, Chapter asks for the 6-digit code from the authenticator app on your phone. Lost your phone? Sign in with one of your recovery
            codes, then turn two-factor sign-in off and on again with your new phone. With neither your phone nor a recovery code, ask an admin of your club to
            turn it off for you.
          </p>
          <div className="page-actions">
            <Link to="recovery-codes" className="button button--secondary" preventScrollReset>
              New recovery codes
            </Link>
            <Link to="two-factor-off" className="button button--secondary button--danger" preventScrollReset>
              Turn off two-factor sign-in
            </Link>
          </div>
        </>
      ) : (
        <>
          <p data-testid="two-factor-status">
            <span className="badge">Off</span> Your password alone signs you in.
          </p>
          <p className="muted">
            With two-factor sign-in, Chapter also asks for a 6-digit code from an authenticator app on your phone, so someone who learns your password still
            cannot sign in as you. You also get ten recovery codes to keep, in case you lose your phone.
          </p>
          <Link to="two-factor" className="button button--secondary" preventScrollReset>
            Turn on two-factor sign-in
          </Link>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Account · Settings · Chapter" }];
