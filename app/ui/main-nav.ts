/** One entry of the main navigation: a page of the member area. */
export type NavItem = { to: string; label: string; /** which unread count it carries */ unread?: "chat" };

/** A group of the main navigation; a group of one entry shows as a plain link. */
export type NavGroup = { label: string; items: NavItem[] };

// Every area of the product sits in one of these groups. An area adds its entry when it lands
// (planning, calendar and net worth under "Plan"; entrepreneurs and investors under "Deals");
// a group with no entry yet is not shown.
export const MAIN_NAV: NavGroup[] = [
  {
    label: "Network",
    items: [
      { to: "/user/timeline", label: "Timeline" },
      { to: "/user/contacts", label: "Contacts" },
      { to: "/user/friends", label: "Friends" },
      { to: "/user/chat", label: "Chat", unread: "chat" },
      { to: "/user/members", label: "Member directory" },
      { to: "/user/search", label: "Find members" },
      { to: "/user/referrals", label: "Referrals" },
      { to: "/user/one-to-ones", label: "One-to-ones" },
    ],
  },
  {
    label: "Events",
    items: [
      { to: "/user/events", label: "Events" },
      { to: "/user/tickets", label: "Tickets" },
      { to: "/user/trainings", label: "Trainings" },
    ],
  },
  {
    label: "Plan",
    items: [
      { to: "/user/wish-list", label: "Wish list" },
      { to: "/user/businesses", label: "Businesses" },
      { to: "/user/big-tasks", label: "Big tasks" },
      { to: "/user/calendar", label: "Calendar" },
      { to: "/user/journal", label: "Journal" },
      { to: "/user/net-worth", label: "Net worth" },
    ],
  },
  {
    label: "Deals",
    items: [
      { to: "/user/offers", label: "Offers" },
      { to: "/user/entrepreneurs", label: "Entrepreneurs" },
      { to: "/user/investors", label: "Investors" },
    ],
  },
];

/** Whether `pathname` is the page of `to` or one below it. */
export function isWithin(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}
