import type { Selectable } from "kysely";
import type { ContactsTable } from "~/lib/db-schema";

type Contact = Selectable<ContactsTable>;

const COLUMNS: [string, (contact: Contact) => string | number | null][] = [
  ["Name", (c) => c.name],
  ["E-mail", (c) => c.email],
  ["Phone", (c) => c.phone],
  ["Occupation or position", (c) => c.occupation],
  ["Meet place", (c) => c.meet_place],
  ["Country", (c) => c.country],
  ["Province", (c) => c.province],
  ["City", (c) => c.city],
  ["Company", (c) => c.company],
  ["Business type", (c) => c.business_type],
  ["Industry", (c) => c.industry],
  ["Website", (c) => c.website],
  ["Address", (c) => c.address],
  ["Important", (c) => (c.is_important ? "yes" : "no")],
  ["Added", (c) => c.created_at.slice(0, 10)],
];

/** RFC 4180, with spreadsheet formulas defused (a cell starting with = + - @ is quoted as text). */
function csvCell(value: string | number | null) {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function contactsCsv(contacts: Contact[]) {
  const lines = [COLUMNS.map(([header]) => csvCell(header)).join(",")];
  for (const contact of contacts) lines.push(COLUMNS.map(([, value]) => csvCell(value(contact))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

function vcardText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/[,;]/g, (char) => `\\${char}`);
}

/** vCard 3.0 (what phones and Google/Outlook import). */
export function contactsVcard(contacts: Contact[]) {
  return contacts
    .map((contact) => {
      const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${vcardText(contact.name)}`, `N:${vcardText(contact.name)};;;;`];
      if (contact.email) lines.push(`EMAIL;TYPE=INTERNET:${vcardText(contact.email)}`);
      if (contact.phone) lines.push(`TEL;TYPE=CELL:${vcardText(contact.phone)}`);
      if (contact.company) lines.push(`ORG:${vcardText(contact.company)}`);
      if (contact.occupation) lines.push(`TITLE:${vcardText(contact.occupation)}`);
      if (contact.website) lines.push(`URL:${vcardText(contact.website)}`);
      if (contact.city || contact.province || contact.country) {
        lines.push(`ADR;TYPE=WORK:;;;${vcardText(contact.city ?? "")};${vcardText(contact.province ?? "")};;${vcardText(contact.country ?? "")}`);
      }
      if (contact.meet_place) lines.push(`NOTE:${vcardText(`Met at ${contact.meet_place}`)}`);
      lines.push("END:VCARD");
      return lines.join("\r\n");
    })
    .join("\r\n")
    .concat("\r\n");
}
