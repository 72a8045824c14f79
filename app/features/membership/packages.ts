// SPEC.md §9: membership packages and prices (whole currency units; cents = × 100).
// Shared by the pages (to show prices) and the server (the only source of what is charged).

export const PACKAGES = [
  { id: "elite", label: "Elite", monthly: 60, annual: 500 },
  { id: "millionaires", label: "Millionaires", monthly: 120, annual: 1000 },
  { id: "elite_millionaires", label: "Elite Millionaires", monthly: 500, annual: 5000 },
] as const;

export type PackageId = (typeof PACKAGES)[number]["id"];
export type Period = "monthly" | "annual";
export const PERIODS: { id: Period; label: string }[] = [
  { id: "monthly", label: "Monthly Membership" },
  { id: "annual", label: "Annual Membership" },
];

export function findPackage(id: string | null | undefined) {
  return PACKAGES.find((item) => item.id === id) ?? null;
}

export function priceCents(packageId: PackageId, period: Period) {
  const item = findPackage(packageId);
  if (!item) throw new Error(`Unknown package ${packageId}`);
  return item[period] * 100;
}

export function packageLabel(id: string) {
  return findPackage(id)?.label ?? id;
}

/** What each package includes until the admin writes the club's own (on /user/admin/club). */
export const DEFAULT_INCLUDES: Record<PackageId, string[]> = {
  elite: ["Full use of Chapter: contacts, business cards, timeline and planning tools", "The club's events and trainings", "Offers to and from other members"],
  millionaires: ["Everything in Elite", "Entrepreneur and investor proposals", "Priority seats at the club's events"],
  elite_millionaires: ["Everything in Millionaires", "Introductions to investors by the club", "VIP seats at the club's main events"],
};

/** Each package's list of what it includes: the admin's lines (blank ones dropped), or the default. */
export function packageIncludes(written: Record<string, string>): Record<PackageId, string[]> {
  const lines = (id: PackageId) => {
    const own = (written[id] ?? "")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return own.length ? own : DEFAULT_INCLUDES[id];
  };
  return Object.fromEntries(PACKAGES.map((item) => [item.id, lines(item.id)])) as Record<PackageId, string[]>;
}

/** The club page's field for what a package includes. */
export const includesField = (packageId: string) => `includes_${packageId}`;
