// Kept apart from schema.ts so that pages listing member types do not ship zod to the browser.
export const MEMBER_TYPES = [
  { value: "entrepreneur", label: "Entrepreneur" },
  { value: "investor", label: "Investor" },
  { value: "business_contact", label: "Business contact" },
] as const;
