import { describe, expect, test } from "vitest";
import { createContact, listContacts } from "~/features/contacts/contacts.server";
import { createSignedInMember } from "./helpers";

// Phones are stored in E.164; members type them the way they write them.

async function contact(ownerId: number, name: string, phone: string | null) {
  await createContact(ownerId, { name, email: null, phone, country: null, province: null, city: null, occupation: null, meet_place: null });
}

async function names(ownerId: number, q: string) {
  return (await listContacts(ownerId, { q })).contacts.map((row) => row.name);
}

describe("the text search and phone numbers", () => {
  test("a formatted number finds the stored E.164 phone", async () => {
    const member = await createSignedInMember();
    await contact(member.id, "Bob Baker", "+14165550199");
    await contact(member.id, "Lena London", "+442079460958");
    await contact(member.id, "No Phone", null);

    expect(await names(member.id, "416-555")).toEqual(["Bob Baker"]);
    expect(await names(member.id, "(416) 555-0199")).toEqual(["Bob Baker"]);
    expect(await names(member.id, "+1 416 555")).toEqual(["Bob Baker"]);
    expect(await names(member.id, "020 7946")).toEqual(["Lena London"]);
    expect(await names(member.id, "+14165550199")).toEqual(["Bob Baker"]);
    // Too few digits, or words with digits in them, are not read as a phone number.
    expect(await names(member.id, "4-1")).toEqual([]);
    expect(await names(member.id, "Bob 416")).toEqual([]);
  });

  test("e-mails (stored lower-case) are found however the search is typed; names too", async () => {
    const member = await createSignedInMember();
    await createContact(member.id, {
      name: "Ana Ortega",
      email: "ana.ortega@example.com",
      phone: null,
      country: null,
      province: null,
      city: null,
      occupation: null,
      meet_place: null,
    });
    expect(await names(member.id, "ANA.ORTEGA@Example")).toEqual(["Ana Ortega"]);
    expect(await names(member.id, "ortega@")).toEqual(["Ana Ortega"]);
    expect(await names(member.id, "ANA ORT")).toEqual(["Ana Ortega"]);
    expect(await names(member.id, "ortega_")).toEqual([]);
  });
});
