import { Form, Link, NavLink, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Avatar } from "./avatar";
import { CsrfInput } from "./csrf-input";

type ShellMember = { name: string; role: string; avatarUrl: string | null } | null;

// Only areas that exist are listed; each product area adds its entry here.
const MEMBER_NAV = [
  { to: "/user", label: "Home", end: true },
  { to: "/user/timeline", label: "Timeline", end: false },
  { to: "/user/contacts", label: "Contacts", end: false },
  { to: "/user/events", label: "Events", end: false },
  { to: "/user/tickets", label: "Tickets", end: false },
  { to: "/user/offers", label: "Offers", end: false },
  { to: "/user/friends", label: "Friends", end: false },
  { to: "/user/chat", label: "Chat", end: false },
  { to: "/user/membership", label: "Membership", end: false },
  { to: "/user/settings", label: "Settings", end: false },
];

/** Unread notifications and chat messages, from the member area's loader (routes/user.tsx). */
function useUnread() {
  const data = useRouteLoaderData("routes/user") as { unread?: { notifications: number; chat: number } } | undefined;
  return data?.unread ?? { notifications: 0, chat: 0 };
}

function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid={`unread-${label}`}>
      {count > 99 ? "99+" : count}
      <span className="visually-hidden"> unread {label}</span>
    </span>
  );
}

export function AppShell({ member, ticker, children }: { member: ShellMember; ticker?: ReactNode; children: ReactNode }) {
  const unread = useUnread();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-header">
        <Link to={member ? "/user" : "/"} className="brand">
          Chapter
        </Link>
        {member ? (
          <>
            <nav aria-label="Main" className="main-nav">
              <ul>
                {MEMBER_NAV.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end}>
                      {item.label}
                      {item.to === "/user/chat" ? <UnreadBadge count={unread.chat} label="messages" /> : null}
                    </NavLink>
                  </li>
                ))}
                {member.role === "admin" ? (
                  <li>
                    <NavLink to="/user/admin">Admin</NavLink>
                  </li>
                ) : null}
              </ul>
            </nav>
            <div className="account">
              <Link to="/user/notifications" className="notifications-link">
                Notifications
                <UnreadBadge count={unread.notifications} label="notifications" />
              </Link>
              <Link to="/user" className="account-member">
                <Avatar name={member.name} url={member.avatarUrl} size={32} />
                <span className="account-name">{member.name}</span>
              </Link>
              <Form method="post" action="/signout">
                <CsrfInput />
                <button type="submit" className="button button--small button--secondary">
                  Sign out
                </button>
              </Form>
            </div>
          </>
        ) : (
          <nav aria-label="Account" className="account">
            <Link to="/signin">Sign in</Link>
            <Link to="/signup" className="button button--small">
              Join
            </Link>
          </nav>
        )}
      </header>
      {ticker}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
