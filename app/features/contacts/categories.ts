// SPEC.md names these category kinds but not their values; these are Chapter's choices
// (docs/areas.md lists them). Shared by the dialogs, the filters and the server's checks.

/** The longest name of a member's own label ("my category"). */
export const LABEL_MAX = 40;

export const REAL_ESTATE_CATEGORIES = [
  { value: "buyer", label: "Buyer" },
  { value: "seller", label: "Seller" },
  { value: "landlord", label: "Landlord" },
  { value: "tenant", label: "Tenant" },
  { value: "property_investor", label: "Property investor" },
  { value: "agent", label: "Agent or broker" },
  { value: "developer", label: "Developer" },
] as const;

export const OTHER_CATEGORIES = [
  { value: "customer", label: "Customer" },
  { value: "supplier", label: "Supplier" },
  { value: "partner", label: "Partner" },
  { value: "mentor", label: "Mentor" },
  { value: "advisor", label: "Advisor" },
  { value: "service_provider", label: "Service provider" },
  { value: "media", label: "Media" },
] as const;

export const CATEGORY_KINDS = [
  { kind: "my", title: "My category" },
  { kind: "real-estate", title: "Real estate category" },
  { kind: "other", title: "Other category" },
  { kind: "chapter-head", title: "Chapter head" },
] as const;

export type CategoryKind = (typeof CATEGORY_KINDS)[number]["kind"];

export function categoryLabel(list: readonly { value: string; label: string }[], value: string | null) {
  return value ? (list.find((item) => item.value === value)?.label ?? value) : null;
}
