import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { createContext, type ReactNode, useContext, useEffect, useRef } from "react";
import { Avatar } from "./avatar";
import { CsrfInput } from "./csrf-input";
import { useLinkClicks } from "./link-clicks";
import { LiveUpdates } from "./live";
import { isWithin, MAIN_NAV, type NavGroup } from "./main-nav";
import { usePageKind } from "./page-kind";
import { RenderCache } from "./render-cache";
import { type Unread, useUnread } from "./root-data";

type ShellMember = { id: number; name: string; role: string; avatarUrl: string | null } | null;

function UnreadBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" data-testid={`unread-${label}`}>
      {count > 99 ? "99+" : count}
      <span className="visually-hidden"> unread {label}</span>
    </span>
  );
}

/**
 * The header's menus are `<details>`: they open and close without JavaScript. With it, a menu
 * also closes after a link in it was followed (the page behind changed without a reload), on
 * Escape and on a click elsewhere.
 */
function useClosingMenus(header: React.RefObject<HTMLElement>) {
  const location = useLocation();
  useEffect(() => {
    header.current?.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [location, header]);
  useEffect(() => {
    function closeOthers(event: Event) {
      const target = event.target as Node;
      header.current?.querySelectorAll("details[open]").forEach((menu) => {
        if (event.type === "keydown" ? (event as KeyboardEvent).key === "Escape" : !menu.contains(target)) {
          menu.removeAttribute("open");
          if (event.type === "keydown" && menu.contains(target)) menu.querySelector("summary")?.focus();
        }
      });
    }
    document.addEventListener("click", closeOthers);
    document.addEventListener("keydown", closeOthers);
    return () => {
      document.removeEventListener("click", closeOthers);
      document.removeEventListener("keydown", closeOthers);
    };
  }, [header]);
}

/** The address shown and the one being loaded (lower-cased), for the header's links. */
const NavPaths = createContext<{ current: string; next: string | null }>({ current: "", next: null });

/**
 * A link of the header, marked as <NavLink> marks it: `aria-current="page"` and class
 * "active" on the page it leads to (or one below it, unless `end`), "pending" while that page
 * is loading; the same HTML. A plain anchor followed by the header's one click handler
 * (ui/link-clicks.ts): the header holds about 40 of them on every page (the phone menu and
 * the group menus), and <NavLink>'s hooks were a large share of rendering every member page.
 */
function HeaderLink({ to, end = false, className, children }: { to: string; end?: boolean; className?: string; children: ReactNode }) {
  const { current, next } = useContext(NavPaths);
  const target = to.toLowerCase();
  const within = (pathname: string, slashAt: number) => pathname === target || (!end && pathname.startsWith(target) && pathname.charAt(slashAt) === "/");
  const active = within(current, target !== "/" && target.endsWith("/") ? target.length - 1 : target.length);
  const pending = next !== null && within(next, target.length);
  const classes = [className, active ? "active" : null, pending ? "pending" : null].filter(Boolean).join(" ");
  return (
    <a data-discover="true" aria-current={active ? "page" : undefined} className={classes} href={to}>
      {children}
    </a>
  );
}

function NavLinks({ group, unread }: { group: NavGroup; unread: Unread }) {
  return (
    <ul>
      {group.items.map((item) => (
        <li key={item.to}>
          <HeaderLink to={item.to}>
            {item.label}
            {item.unread ? <UnreadBadge count={unread[item.unread]} label="messages" /> : null}
          </HeaderLink>
        </li>
      ))}
    </ul>
  );
}

/** The main navigation, one row at every width: a menu per group on a wide screen, one menu of
 * every group on a phone (CSS shows one of the two). */
function MainNav({ unread }: { unread: Unread }) {
  const { pathname } = useLocation();
  const groups = MAIN_NAV.filter((group) => group.items.length > 0);
  const current = (group: NavGroup) => group.items.some((item) => isWithin(pathname, item.to));
  const chatInGroup = (group: NavGroup) => (group.items.some((item) => item.unread === "chat") ? unread.chat : 0);
  return (
    <nav aria-label="Main" className="main-nav">
      <details className="nav-menu nav-menu--compact" name="main-nav">
        <summary>
          Menu
          <UnreadBadge count={unread.chat} label="messages" />
        </summary>
        <div className="nav-panel">
          {groups.map((group) => (
            <section key={group.label} aria-label={group.label} className="nav-section">
              <p className="nav-section-title" aria-hidden="true">
                {group.label}
              </p>
              <NavLinks group={group} unread={unread} />
            </section>
          ))}
        </div>
      </details>
      <ul className="nav-groups">
        {groups.map((group) =>
          group.items.length === 1 ? (
            <li key={group.label}>
              <HeaderLink to={group.items[0].to} className="nav-link">
                {group.items[0].label}
              </HeaderLink>
            </li>
          ) : (
            <li key={group.label}>
              <details className="nav-menu" name="main-nav">
                <summary className={current(group) ? "nav-current" : undefined}>
                  {group.label}
                  <UnreadBadge count={chatInGroup(group)} label="messages" />
                </summary>
                <div className="nav-panel">
                  <NavLinks group={group} unread={unread} />
                </div>
              </details>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function MemberMenu({ member, unread }: { member: NonNullable<ShellMember>; unread: Unread }) {
  return (
    <details className="nav-menu member-menu" name="main-nav">
      <summary className="account-member">
        <Avatar name={member.name} url={member.avatarUrl} size={32} />
        <span className="account-name">{member.name}</span>
        <span className="visually-hidden">, your menu</span>
        <UnreadBadge count={unread.notifications} label="notifications" />
      </summary>
      <div className="nav-panel nav-panel--end">
        <p className="member-menu-name">{member.name}</p>
        <ul>
          <li>
            <HeaderLink to="/user" end>
              Home
            </HeaderLink>
          </li>
          <li>
            <HeaderLink to={`/user/members/${member.id}`}>Your page</HeaderLink>
          </li>
          <li>
            <HeaderLink to="/user/notifications">
              Notifications
              <UnreadBadge count={unread.notifications} label="notifications" />
            </HeaderLink>
          </li>
          <li>
            <HeaderLink to="/user/membership">Membership</HeaderLink>
          </li>
          <li>
            <HeaderLink to="/user/settings">Settings</HeaderLink>
          </li>
          {member.role === "admin" ? (
            <li>
              <HeaderLink to="/user/admin">Admin</HeaderLink>
            </li>
          ) : null}
        </ul>
        <Form method="post" action="/signout" className="member-menu-signout">
          <CsrfInput />
          <button type="submit" className="button button--secondary button--small">
            Sign out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function AppShell({ member, ticker, children }: { member: ShellMember; ticker?: ReactNode; children: ReactNode }) {
  return (
    <LiveUpdates>
      <Shell member={member} ticker={ticker}>
        {children}
      </Shell>
    </LiveUpdates>
  );
}

/** The header (its badges live: LiveUpdates) and the page. */
function Shell({ member, ticker, children }: { member: ShellMember; ticker?: ReactNode; children: ReactNode }) {
  const unread = useUnread();
  const header = useRef<HTMLElement>(null);
  useClosingMenus(header);
  const kind = usePageKind();
  const followLink = useLinkClicks();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const paths = { current: pathname.toLowerCase(), next: navigation.location?.pathname.toLowerCase() ?? null };
  return (
    <NavPaths.Provider value={paths}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="app-header" ref={header} onClick={followLink}>
        <Link to={member ? "/user" : "/"} className="brand">
          Chapter
        </Link>
        {member ? (
          <RenderCache parts={[member, unread, pathname]}>
            <MainNav unread={unread} />
            <MemberMenu member={member} unread={unread} />
          </RenderCache>
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
      <main id="main" tabIndex={-1} className={kind === "list" ? undefined : `page--${kind}`}>
        {children}
      </main>
    </NavPaths.Provider>
  );
}
