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
