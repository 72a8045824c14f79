// The contact fields a column of an imported file can fill, and the column headers we
// recognise (our own export, LinkedIn's and Google Contacts' exports, vCard's properties).
// Shared by the mapping step's selects and the server.

export const IMPORT_FIELDS = [
  { value: "name", label: "Name" },
  { value: "first_name", label: "First name" },
  { value: "last_name", label: "Last name" },
  { value: "email", label: "E-mail" },
  { value: "phone", label: "Phone" },
  { value: "country", label: "Country" },
  { value: "province", label: "Province" },
  { value: "city", label: "City" },
  { value: "occupation", label: "Occupation or position" },
  { value: "meet_place", label: "Meet place" },
  { value: "company", label: "Company" },
  { value: "business_type", label: "Business type" },
  { value: "industry", label: "Industry" },
  { value: "website", label: "Website" },
  { value: "address", label: "Address" },
  { value: "notes", label: "Notes" },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]["value"];
export type Mapping = (ImportField | "ignore")[];

export const FIELD_LABEL = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.value, field.label])) as Record<ImportField, string>;

export function isImportField(value: unknown): value is ImportField {
  return typeof value === "string" && value in FIELD_LABEL;
}

/**
 * Header spellings per field, best first, compared lower-case with everything but letters
 * and digits removed ("E-mail 1 - Value" → "email1value"). When several columns match a
 * field, the one with the better spelling wins (Google's "Address 1 - Street" over
 * "Address 1 - Formatted"); each field takes one column.
 */
const HEADER_ALIASES: Record<ImportField, string[]> = {
  name: ["name", "fullname", "displayname", "contactname", "fn"],
  first_name: ["firstname", "givenname", "first"],
  last_name: ["lastname", "familyname", "surname", "last"],
  email: ["email", "emailaddress", "email1value", "emailaddress1", "primaryemail", "mail"],
  phone: ["phone", "phonenumber", "mobile", "mobilephone", "phone1value", "telephone", "tel", "cell", "primaryphone"],
  country: ["country", "address1country", "countryregion", "businesscountryregion", "homecountryregion"],
  province: ["province", "state", "region", "address1region", "stateprovince", "businessstate", "homestate"],
  city: ["city", "address1city", "locality", "businesscity", "homecity", "town"],
  occupation: ["occupationorposition", "occupation", "position", "jobtitle", "title", "organization1title", "organizationtitle", "role"],
  meet_place: ["meetplace", "wheremet", "metat", "placemet"],
  company: ["company", "companyname", "organization", "organisation", "organization1name", "organizationname", "business"],
  business_type: ["businesstype"],
  industry: ["industry"],
  website: ["website", "url", "web", "webpage", "homepage", "website1value", "linkedin", "profileurl"],
  address: ["address", "streetaddress", "street", "address1street", "businessstreet", "homestreet", "address1formatted"],
  notes: ["notes", "note", "description", "businessdescription", "comments"],
};

export function normalizeHeader(header: string) {
  return header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** A field for every column, or "ignore": the mapping the member starts from. */
export function guessMapping(headers: string[]): Mapping {
  const normalized = headers.map(normalizeHeader);
  const mapping: Mapping = headers.map(() => "ignore");
  for (const field of IMPORT_FIELDS) {
    for (const alias of HEADER_ALIASES[field.value]) {
      const column = normalized.findIndex((header, index) => header === alias && mapping[index] === "ignore");
      if (column !== -1) {
        mapping[column] = field.value;
        break;
      }
    }
  }
  return mapping;
}

/** How many of these cells read as known headers (to find the header row under a preamble,
 * as in LinkedIn's export). */
export function recognisedHeaders(cells: string[]) {
  return guessMapping(cells).filter((field) => field !== "ignore").length;
}
