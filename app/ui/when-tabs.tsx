import { Link } from "@remix-run/react";

type When = "upcoming" | "past";

const TABS: { when: When; label: string }[] = [
  { when: "upcoming", label: "Upcoming" },
  { when: "past", label: "Past" },
];

/** The Upcoming · Past tabs of a list of dated things (events, trainings): plain links to the
 * list with its other query kept (`hrefOf`), the one shown marked current. */
export function WhenTabs({ label, when, hrefOf }: { label: string; when: When; hrefOf: (when: When) => string }) {
  return (
    <ul className="tabs" aria-label={label}>
      {TABS.map((tab) => (
        <li key={tab.when}>
          <Link to={hrefOf(tab.when)} className={when === tab.when ? "active" : undefined} aria-current={when === tab.when ? "page" : undefined}>
            {tab.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
