import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { deleteContact, listContacts, normalizePhone, PAGE_SIZE, suggestions } from "~/features/contacts/contacts.server";
import type { ContactsTable } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { receiveUpload } from "~/lib/uploads.server";
import { action as checkEmail } from "~/routes/spec/user.ajax.check_contact_and_invite";
import { action as checkPhone } from "~/routes/spec/user.ajax.check_contact_and_invite_to_phone";
import { action as deleteAction, loader as deleteLoader } from "~/routes/contacts/user.contacts.$contactId.delete";
import { action as addAction, loader as addLoader } from "~/routes/contacts/user.contacts.add";
import { action as changeImportant } from "~/routes/spec/user.contacts.change_isImportant";
import { action as editAction, loader as editLoader } from "~/routes/contacts/user.contacts.edit.$contactId";
import { loader as meetPlaces } from "~/routes/spec/user.contacts.get_meet_place";
import { loader as positions } from "~/routes/spec/user.contacts.get_position";
import { loader as listLoader } from "~/routes/contacts/user.contacts";
import { action as businessAction, loader as businessLoader } from "~/routes/contacts/user.contacts.view-business.$contactId";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import { noisyPng, png, uploadRequest, type UploadFile } from "./fixtures/files";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const LIST = "/user/contacts";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

function add(member: TestMember, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = postRequest(`${LIST}/add`, { csrf: "x", intent: "save", ...fields }, member.cookie);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return settle(() => addAction(routeArgs(request)));
}

function edit(member: TestMember, id: number | string, fields: Record<string, string>) {
  return settle(() =>
    editAction(routeArgs(postRequest(`${LIST}/edit/${id}`, { csrf: "x", intent: "save", ...fields }, member.cookie), { contactId: String(id) })),
  );
}

/** Adds a contact through the form and returns its id (from the profile address). */
async function added(member: TestMember, fields: Record<string, string>) {
  const response = await add(member, fields);
  expect(response.status, JSON.stringify(await response.clone().text())).toBe(302);
  const id = Number(/cicid=(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return id;
}

function row(id: number) {
  return db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
}

type Seed = Partial<Omit<ContactsTable, "id" | "owner_id">> & { name: string };

/** Rows straight into the table (for the list tests), in one insert. */
async function seed(member: TestMember, contacts: Seed[]) {
  const now = new Date().toISOString();
  const rows = await db
    .insertInto("contacts")
    .values(contacts.map((contact) => ({ owner_id: member.id, is_important: 0, created_at: now, updated_at: now, ...contact })))
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

async function list(member: TestMember, query = "") {
  const response = await settle(() => listLoader(routeArgs(getRequest(`${LIST}${query}`, member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    total: number;
    page: number;
    pages: number;
    contacts: Array<{ id: number; name: string; is_important: number; imageUrl: string | null }>;
    filters: Record<string, unknown>;
  };
}

async function names(member: TestMember, query = "") {
  return (await list(member, query)).contacts.map((contact) => contact.name);
}

function emailCheck(member: TestMember, fields: Record<string, string>) {
  return settle(() => checkEmail(routeArgs(postRequest("/user/ajax/check_contact_and_invite", fields, member.cookie))));
}

function phoneCheck(member: TestMember, fields: Record<string, string>) {
  return settle(() => checkPhone(routeArgs(postRequest("/user/ajax/check_contact_and_invite_to_phone", fields, member.cookie))));
}

describe("adding a contact", () => {
  test("the add dialog gets the form's constraints, the countries and the member's suggestions", async () => {
    const member = await createSignedInMember();
    await seed(member, [{ name: "A", meet_place: "Chamber dinner", occupation: "Banker" }]);
    const response = await settle(() => addLoader(routeArgs(getRequest(`${LIST}/add`, member.cookie))));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.constraint.name).toMatchObject({ required: true });
    expect(data.places.countries).toContainEqual({ value: "CA", label: "Canada" });
    expect(data.suggestions).toEqual({ meetPlaces: ["Chamber dinner"], occupations: ["Banker"] });
  });

  test("a name is required (SPEC.md §5's message), and nothing is saved", async () => {
    const member = await createSignedInMember();
    for (const fields of [{ name: "" }, { name: "   " }, {}] as Record<string, string>[]) {
      const response = await add(member, { email: "ana@example.com", ...fields });
      expect(response.status).toBe(400);
      expect(await replyErrors(response)).toEqual({ name: ["Name is required."] });
    }
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
  });

  test("one submit answers every problem at once: the name, a bad phone number, an e-mail already used, a city without a province", async () => {
    const member = await createSignedInMember();
    await added(member, { name: "Ana Ortega", email: "ana@example.com" });
    const response = await add(member, { name: "", email: "ANA@example.com", phone: "12", country: "CA", city: "Toronto" });
    expect(response.status).toBe(400);
    const errors = await replyErrors(response);
    expect(Object.keys(errors).sort()).toEqual(["city", "email", "name", "phone"]);
    expect(errors.name).toEqual(["Name is required."]);
    expect(errors.phone).toEqual(["Please provide a valid phone number."]);
    expect(errors.email[0]).toContain("Ana Ortega");
    expect(errors.city).toEqual(["Choose a province first."]);
    expect(await db.selectFrom("contacts").select("name").execute()).toEqual([{ name: "Ana Ortega" }]);
  });

  test("a malformed e-mail gets SPEC.md §5's message", async () => {
    const member = await createSignedInMember();
    for (const email of ["ana", "ana@", "@example.com", "ana example@example.com", `${"a".repeat(250)}@example.com`]) {
      const response = await add(member, { name: "Ana", email });
      expect(response.status, email).toBe(400);
      expect(await replyErrors(response)).toEqual({ email: ["Please provide a valid email address."] });
    }
  });

  test("saves the contact (trimmed, e-mail in lower case, blanks as nothing) and lands on its profile with the notice", async () => {
    const member = await createSignedInMember();
    const response = await add(member, {
      name: "  Ana Ortega  ",
      email: " Ana.Ortega@Example.COM ",
      phone: "",
      occupation: "Architect",
      meet_place: "Spring fair",
      country: "CA",
      province: "ON",
      city: "Toronto",
    });
    expect(response.status).toBe(302);
    const location = response.headers.get("Location")!;
    expect(location).toMatch(/^\/user\/profile\?cicid=\d+$/);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Contact added." });
    const id = Number(location.split("=")[1]);
    expect(await row(id)).toMatchObject({
      owner_id: member.id,
      name: "Ana Ortega",
      email: "ana.ortega@example.com",
      phone: null,
      occupation: "Architect",
      meet_place: "Spring fair",
      country: "CA",
      province: "ON",
      city: "Toronto",
      is_important: 0,
      company: null,
    });

    // The profile shows it, with the place spelled out.
    const profile = await settle(() => profileLoader(routeArgs(getRequest(location, member.cookie))));
    expect(profile.status).toBe(200);
    const data = await profile.json();
    expect(data.contact).toMatchObject({ id, name: "Ana Ortega", email: "ana.ortega@example.com", imageUrl: null });
    expect(data.place).toBe("Toronto, Ontario, Canada");
  });

  test("a script asking for JSON gets SPEC.md §7's url, type and message", async () => {
    const member = await createSignedInMember();
    const response = await add(member, { name: "Json Jones" }, { Accept: "application/json" });
    expect(response.status).toBe(200);
    const body = await response.json();
    const [contact] = await db.selectFrom("contacts").select("id").execute();
    expect(body).toEqual({ type: "success", message: "Contact added.", url: `/user/profile?cicid=${contact.id}` });
  });

  test("too long values are refused with a message, not a 500", async () => {
    const member = await createSignedInMember();
    const response = await add(member, { name: "x".repeat(121), meet_place: "y".repeat(121) });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ name: ["Use at most 120 characters."], meet_place: ["Use at most 120 characters."] });
  });

  test("the place must come from the lists", async () => {
    const member = await createSignedInMember();
    const unknown = await add(member, { name: "Ana", country: "ZZ" });
    expect(unknown.status).toBe(400);
    expect(await replyErrors(unknown)).toEqual({ country: ["Choose a country from the list."] });
    const cityAlone = await add(member, { name: "Ana", country: "CA", city: "Toronto" });
    expect(await replyErrors(cityAlone)).toEqual({ city: ["Choose a province first."] });
    const wrongCity = await add(member, { name: "Ana", country: "CA", province: "ON", city: "Vancouver" });
    expect(await replyErrors(wrongCity)).toEqual({ city: ["Choose a city from the list."] });
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
  });

  test("changing the country refreshes the province list without saving", async () => {
    const member = await createSignedInMember();
    const response = await add(member, { intent: "refresh-places", name: "", country: "CA", province: "" });
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.places.provinces).toContainEqual({ value: "ON", label: "Ontario" });
    expect(data.places.cities).toEqual([]);
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
  });
});

describe("adding a contact with a profile image", () => {
  // What the add dialog sends: its fields, then the file input (multipart).
  function addWithImage(member: TestMember, fields: Record<string, string>, file: UploadFile | null) {
    const request = uploadRequest(`${LIST}/add`, file, { cookie: member.cookie, field: "image", fields: { csrf: "x", ...fields, intent: "save" } });
    return settle(() => addAction(routeArgs(request)));
  }
  const files = () => db.selectFrom("files").selectAll().execute();

  test("the add dialog offers the image with the edit dialog's types and limit", async () => {
    const member = await createSignedInMember();
    const data = await (await settle(() => addLoader(routeArgs(getRequest(`${LIST}/add`, member.cookie))))).json();
    expect(data.photoUpload).toEqual({ accept: expect.stringContaining(".png"), maxBytes: 2_000_000 });
  });

  test("the image is stored with the contact, shown in the grid and on the profile, and served to its owner alone", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const response = await addWithImage(
      member,
      { name: "Grace Hopper", email: "grace@example.com" },
      { name: "grace.png", content: await png(120, 120), type: "image/png" },
    );
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Contact added." });
    const id = Number(/cicid=(\d+)$/.exec(response.headers.get("Location") ?? "")?.[1]);
    const contact = (await row(id))!;
    expect(contact).toMatchObject({ name: "Grace Hopper", email: "grace@example.com" });
    const [file] = await files();
    expect(contact.profile_image_id).toBe(file.id);
    expect(file).toMatchObject({ owner_id: member.id, kind: "contact_profile_image", media_type: "image/png", original_name: "grace.png" });

    const thumbnail = `/user/files/${file.token}?variant=thumbnail`;
    expect((await list(member)).contacts[0].imageUrl).toBe(thumbnail);
    const profile = await (await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${id}`, member.cookie))))).json();
    expect(profile.contact.imageUrl).toBe(thumbnail);
    const serve = (who: TestMember) => settle(() => serveFile(routeArgs(getRequest(`/user/files/${file.token}`, who.cookie), { token: file.token })));
    const served = await serve(member);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect((await serve(other)).status).toBe(404);
  });

  test("no image chosen: the contact is added without one", async () => {
    const member = await createSignedInMember();
    const response = await addWithImage(member, { name: "Ada" }, null);
    expect(response.status).toBe(302);
    const [contact] = await db.selectFrom("contacts").selectAll().execute();
    expect(contact).toMatchObject({ name: "Ada", profile_image_id: null });
    expect(await files()).toEqual([]);
  });

  test("a refused image (over 2,000,000 bytes, or not an image) answers 400 next to the field, keeps what was typed and adds nothing", async () => {
    const member = await createSignedInMember();
    const typed = { name: "Grace Hopper", email: "grace@example.com", meet_place: "Navy ball" };
    const huge = await noisyPng(900, 900);
    expect(huge.length).toBeGreaterThan(2_000_000);
    const refusals: Array<[UploadFile, string]> = [
      [{ name: "huge.png", content: huge, type: "image/png" }, "Upload error: huge.png: The file is too large: the limit is 2 MB."],
      [{ name: "notes.txt", content: Buffer.from("hello"), type: "text/plain" }, "Upload error: notes.txt: A profile image must be a"],
      [{ name: "fake.png", content: Buffer.from("not a picture at all"), type: "image/png" }, "Upload error: fake.png: Its content is not an image"],
    ];
    for (const [file, message] of refusals) {
      const response = await addWithImage(member, typed, file);
      expect(response.status, file.name).toBe(400);
      const body = await response.clone().json();
      expect(body.result.initialValue).toMatchObject(typed);
      const errors = await replyErrors(response);
      expect(Object.keys(errors)).toEqual(["image"]);
      expect(errors.image[0]).toContain(message);
    }
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
    expect(await files()).toEqual([]);
  });

  test("a good image with a form that is refused is not kept; both errors are shown at once", async () => {
    const member = await createSignedInMember();
    const good = await addWithImage(member, { name: "", email: "ana@" }, { name: "ana.png", content: await png(), type: "image/png" });
    expect(good.status).toBe(400);
    expect(await replyErrors(good)).toEqual({ name: ["Name is required."], email: ["Please provide a valid email address."] });
    const bad = await addWithImage(member, { name: "" }, { name: "notes.txt", content: Buffer.from("hello") });
    expect(Object.keys(await replyErrors(bad)).sort()).toEqual(["image", "name"]);
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
    expect(await files()).toEqual([]);
  });
});

describe("phone numbers", () => {
  test("are stored in E.164; a number without +country code is read in the contact's country", async () => {
    const member = await createSignedInMember();
    const canadian = await added(member, { name: "Carl Canada", phone: "(416) 555-0199", country: "CA" });
    expect((await row(canadian))?.phone).toBe("+14165550199");
    const british = await added(member, { name: "Bea Britain", phone: "+44 20 7946 0958" });
    expect((await row(british))?.phone).toBe("+442079460958");
    expect(normalizePhone("416.555.0199", "CA")).toBe("+14165550199");
    expect(normalizePhone("0044 20 7946 0958", "CA")).toBe(null);
  });

  test("the edit form shows the stored number as the contact page writes it, and saving it unchanged keeps it", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Tunde Bakare", phone: "+2348021234567", country: "NG" });
    const form = await settle(() => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}`, member.cookie), { contactId: String(id) })));
    const { defaults } = (await form.json()) as { defaults: Record<string, string> };
    expect(defaults.phone).toBe("+234 802 123 4567");
    const profile = (await (await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${id}`, member.cookie))))).json()) as {
      phone: { display: string };
    };
    expect(defaults.phone).toBe(profile.phone.display);
    expect((await edit(member, id, { ...defaults, occupation: "Importer" })).status).toBe(302);
    expect(await row(id)).toMatchObject({ phone: "+2348021234567", occupation: "Importer" });
  });

  test("a number that is not a phone number is refused (SPEC.md §5's message)", async () => {
    const member = await createSignedInMember();
    for (const [phone, country] of [
      ["12", "CA"],
      ["12", ""],
      ["not a number", "CA"],
      // Without a country only a +country code says where the number is.
      ["416 555 0199", ""],
    ]) {
      const response = await add(member, { name: "Ana", phone, country });
      expect(response.status, phone).toBe(400);
      expect(await replyErrors(response)).toEqual({ phone: ["Please provide a valid phone number."] });
    }
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
  });
});

describe("duplicates", () => {
  test("an e-mail the member already has, in any case, is refused with the contact's name", async () => {
    const member = await createSignedInMember();
    await added(member, { name: "Ana Ortega", email: "ana@example.com" });
    const response = await add(member, { name: "Someone Else", email: "ANA@Example.com" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ email: ["You already have a contact with this e-mail: Ana Ortega."] });
    expect(await db.selectFrom("contacts").selectAll().execute()).toHaveLength(1);
  });

  test("a phone number the member already has, however it is written, is refused", async () => {
    const member = await createSignedInMember();
    await added(member, { name: "Carl Canada", phone: "+1 416-555-0199" });
    const response = await add(member, { name: "Carl Again", phone: "416 555 0199", country: "CA" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ phone: ["You already have a contact with this phone number: Carl Canada."] });
  });

  test("both are reported at once", async () => {
    const member = await createSignedInMember();
    await added(member, { name: "Ana", email: "ana@example.com", phone: "+14165550199" });
    const response = await add(member, { name: "Twin", email: "ana@example.com", phone: "+1 (416) 555-0199" });
    expect(await replyErrors(response)).toEqual({
      email: ["You already have a contact with this e-mail: Ana."],
      phone: ["You already have a contact with this phone number: Ana."],
    });
  });

  test("another member's contacts are no duplicates", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await added(other, { name: "Theirs", email: "ana@example.com", phone: "+14165550199" });
    await added(member, { name: "Mine", email: "ana@example.com", phone: "+14165550199" });
  });
});

describe("editing a contact", () => {
  test("the edit dialog gets the contact and the province and city lists of its place", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana", country: "CA", province: "ON", city: "Toronto" });
    const response = await settle(() => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}`, member.cookie), { contactId: String(id) })));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.contact).toMatchObject({ id, name: "Ana", country: "CA" });
    expect(data.places.provinces).toContainEqual({ value: "ON", label: "Ontario" });
    expect(data.places.cities).toContainEqual({ value: "Toronto", label: "Toronto" });
    // Closing goes to the list unless the dialog was opened with ?back=.
    expect(data.back).toBe(LIST);
  });

  test("opened with ?back= (the list as it was left, or the profile), closing goes back there", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const open = (back: string) =>
      settle(() => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}?back=${encodeURIComponent(back)}`, member.cookie), { contactId: String(id) })));
    expect((await (await open(`${LIST}?q=an&page=2`)).json()).back).toBe(`${LIST}?q=an&page=2`);
    expect((await (await open(`/user/profile?cicid=${id}`)).json()).back).toBe(`/user/profile?cicid=${id}`);
    expect((await (await open("https://evil.example/")).json()).back).toBe(LIST);
  });

  test("saves the changes and keeps the contact's own e-mail and phone without a duplicate error", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana", email: "ana@example.com", phone: "+14165550199", meet_place: "Fair" });
    const response = await edit(member, id, { name: "Ana Ortega", email: "ANA@example.com", phone: "416-555-0199", country: "CA", meet_place: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Contact saved." });
    expect(await row(id)).toMatchObject({ name: "Ana Ortega", email: "ana@example.com", phone: "+14165550199", meet_place: null });
  });

  test("taking another contact's e-mail or phone is refused; validation messages are the same as when adding", async () => {
    const member = await createSignedInMember();
    await added(member, { name: "Ana", email: "ana@example.com", phone: "+14165550199" });
    const id = await added(member, { name: "Bob", email: "bob@example.com" });
    const taken = await edit(member, id, { name: "Bob", email: "Ana@example.com", phone: "+1 416 555 0199" });
    expect(taken.status).toBe(400);
    expect(await replyErrors(taken)).toEqual({
      email: ["You already have a contact with this e-mail: Ana."],
      phone: ["You already have a contact with this phone number: Ana."],
    });
    const invalid = await edit(member, id, { name: "", email: "bob@" });
    expect(await replyErrors(invalid)).toEqual({ name: ["Name is required."], email: ["Please provide a valid email address."] });
    const badPhone = await edit(member, id, { name: "Bob", phone: "12", country: "CA" });
    expect(await replyErrors(badPhone)).toEqual({ phone: ["Please provide a valid phone number."] });
    expect(await row(id)).toMatchObject({ name: "Bob", email: "bob@example.com", phone: null });
  });

  test("a contact that does not exist (or an id that is not one) answers 404", async () => {
    const member = await createSignedInMember();
    for (const id of ["999999", "0", "-1", "abc", "1e3", "12345678901234567890"]) {
      const loaded = await settle(() => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}`, member.cookie), { contactId: id })));
      expect(loaded.status, id).toBe(404);
      expect((await edit(member, id, { name: "X" })).status, id).toBe(404);
    }
    expect(await db.selectFrom("contacts").selectAll().execute()).toEqual([]);
  });
});

describe("the contact list", () => {
  test("an empty book", async () => {
    const member = await createSignedInMember();
    expect(await list(member)).toMatchObject({ total: 0, page: 1, pages: 1, contacts: [] });
  });

  test("searches by text in the name, e-mail, phone, occupation and city, ignoring case", async () => {
    const member = await createSignedInMember();
    await seed(member, [
      { name: "Ana Ortega", email: "ana@example.com" },
      { name: "Bob Baker", email: "bob@bakery.example", phone: "+14165550199" },
      { name: "Carla Cruz", occupation: "ORTHODONTIST" },
      { name: "Dan Diaz", city: "Toronto" },
      { name: "Eve Evans", meet_place: "Ortega's party", company: "Ortega Ltd" },
    ]);
    expect(await names(member, "?q=ORT")).toEqual(["Ana Ortega", "Carla Cruz"]);
    expect(await names(member, "?q=bakery")).toEqual(["Bob Baker"]);
    expect(await names(member, "?q=555")).toEqual(["Bob Baker"]);
    expect(await names(member, "?q=toronto")).toEqual(["Dan Diaz"]);
    expect(await names(member, "?q=%20%20")).toHaveLength(5);
    const found = await list(member, "?q=nobody");
    expect(found).toMatchObject({ total: 0, contacts: [] });
  });

  test("ignores the case of letters beyond ASCII too (SQLite's own lower() folds ASCII only)", async () => {
    const member = await createSignedInMember();
    await seed(member, [{ name: "Élise Ørsted", meet_place: "MÜNCHEN Messe", company: "ÇA Holdings" }, { name: "Eli Smith" }]);
    expect(await names(member, `?q=${encodeURIComponent("Élise")}`)).toEqual(["Élise Ørsted"]);
    expect(await names(member, `?q=${encodeURIComponent("ÉLISE ørsted")}`)).toEqual(["Élise Ørsted"]);
    expect(await names(member, `?meet_place=${encodeURIComponent("münchen")}`)).toEqual(["Élise Ørsted"]);
    expect(await names(member, `?business=${encodeURIComponent("ça")}`)).toEqual(["Élise Ørsted"]);
  });

  test("% and _ in a search are the characters themselves, not wildcards", async () => {
    const member = await createSignedInMember();
    await seed(member, [
      { name: "50% Club", meet_place: "Fair_2026", company: "A%B" },
      { name: "500 Club", meet_place: "Fair 2026", company: "AxB" },
      { name: "Back\\slash" },
    ]);
    expect(await names(member, `?q=${encodeURIComponent("50%")}`)).toEqual(["50% Club"]);
    expect(await names(member, `?q=${encodeURIComponent("%")}`)).toEqual(["50% Club"]);
    expect(await names(member, `?meet_place=${encodeURIComponent("fair_")}`)).toEqual(["50% Club"]);
    expect(await names(member, `?business=${encodeURIComponent("a%b")}`)).toEqual(["50% Club"]);
    expect(await names(member, `?q=${encodeURIComponent("\\")}`)).toEqual(["Back\\slash"]);
    expect(await names(member, `?q=${encodeURIComponent("_")}`)).toEqual([]);
  });

  test("searches by meet place, and by business in the company, industry and business type", async () => {
    const member = await createSignedInMember();
    await seed(member, [
      { name: "Ana", meet_place: "Toronto Business Fair" },
      { name: "Bob", meet_place: "Golf club" },
      { name: "Carla", company: "Fairway Homes" },
      { name: "Dan", industry: "Real Estate" },
      { name: "Eve", business_type: "Real estate agency", meet_place: "FAIR in Ottawa" },
    ]);
    expect(await names(member, "?meet_place=fair")).toEqual(["Ana", "Eve"]);
    expect(await names(member, "?business=REAL%20ESTATE")).toEqual(["Dan", "Eve"]);
    expect(await names(member, "?business=fair")).toEqual(["Carla"]);
    // The filters combine.
    expect(await names(member, "?meet_place=fair&business=estate")).toEqual(["Eve"]);
    const data = await list(member, "?meet_place=%20fair%20");
    expect(data.filters).toMatchObject({ meetPlace: "fair", q: null, business: null });
    expect(data.total).toBe(2);
  });

  test("sorts by name (ignoring case), newest or oldest first; an unknown sort is by name", async () => {
    const member = await createSignedInMember();
    await seed(member, [
      { name: "Carol", created_at: "2026-01-02T00:00:00.000Z" },
      { name: "alice", created_at: "2026-01-03T00:00:00.000Z" },
      { name: "Bob", created_at: "2026-01-01T00:00:00.000Z" },
    ]);
    expect(await names(member)).toEqual(["alice", "Bob", "Carol"]);
    expect(await names(member, "?sort=name")).toEqual(["alice", "Bob", "Carol"]);
    expect(await names(member, "?sort=newest")).toEqual(["alice", "Carol", "Bob"]);
    expect(await names(member, "?sort=oldest")).toEqual(["Bob", "Carol", "alice"]);
    expect(await names(member, "?sort=drop%20table")).toEqual(["alice", "Bob", "Carol"]);
    expect((await list(member, "?sort=bogus")).filters.sort).toBe("name");
  });

  test("shows only the important contacts when asked", async () => {
    const member = await createSignedInMember();
    await seed(member, [{ name: "Ana", is_important: 1, meet_place: "Fair" }, { name: "Bob" }, { name: "Carla", is_important: 1 }]);
    expect(await names(member, "?important=1")).toEqual(["Ana", "Carla"]);
    expect(await names(member, "?important=0")).toEqual(["Ana", "Bob", "Carla"]);
    expect(await names(member, "?important=1&meet_place=fair")).toEqual(["Ana"]);
    expect((await list(member, "?important=1")).contacts.every((contact) => contact.is_important === 1)).toBe(true);
  });

  test(`has pages of ${PAGE_SIZE}; a page out of range shows the nearest page`, async () => {
    const member = await createSignedInMember();
    const count = PAGE_SIZE + 6;
    await seed(
      member,
      Array.from({ length: count }, (_, index) => ({ name: `Contact ${String(index + 1).padStart(2, "0")}` })),
    );
    const first = await list(member);
    expect(first).toMatchObject({ total: count, page: 1, pages: 2 });
    expect(first.contacts).toHaveLength(PAGE_SIZE);
    expect(first.contacts[0].name).toBe("Contact 01");
    const second = await list(member, "?page=2");
    expect(second).toMatchObject({ total: count, page: 2, pages: 2 });
    expect(second.contacts.map((contact) => contact.name)).toEqual(Array.from({ length: 6 }, (_, index) => `Contact ${PAGE_SIZE + index + 1}`));
    for (const [page, expected] of [
      ["99", 2],
      ["1e300", 2],
      ["0", 1],
      ["-4", 1],
      ["abc", 1],
      ["", 1],
      ["2.7", 2],
    ] as const) {
      const data = await list(member, `?page=${page}`);
      expect(data.page, page).toBe(expected);
      expect(data.contacts.length, page).toBe(expected === 1 ? PAGE_SIZE : 6);
    }
    // Filters and pages together: the count is of the matches.
    expect(await list(member, "?q=contact%202&page=5")).toMatchObject({ total: 10, page: 1, pages: 1 });
  });
});

describe("business details", () => {
  test("the business dialog shows them; saving normalises the website and lands on the profile", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const loaded = await settle(() => businessLoader(routeArgs(getRequest(`${LIST}/view-business/${id}`, member.cookie), { contactId: String(id) })));
    expect(loaded.status).toBe(200);
    expect((await loaded.json()).contact).toMatchObject({ id, company: null, website: null });

    const save = (fields: Record<string, string>) =>
      settle(() => businessAction(routeArgs(postRequest(`${LIST}/view-business/${id}`, { csrf: "x", ...fields }, member.cookie), { contactId: String(id) })));
    const response = await save({
      company: " Ortega Architects ",
      business_type: "Studio",
      industry: "Construction",
      website: "ortega.example.com/about",
      address: "1 Main St\nToronto",
      business_description: "",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Ana's business is saved." });
    expect(await row(id)).toMatchObject({
      company: "Ortega Architects",
      business_type: "Studio",
      industry: "Construction",
      website: "https://ortega.example.com/about",
      address: "1 Main St\nToronto",
      business_description: null,
      name: "Ana",
    });

    await save({ website: "HTTP://example.org" });
    expect((await row(id))?.website).toBe("HTTP://example.org");
    await save({ website: "  " });
    expect(await row(id)).toMatchObject({ website: null, company: null });

    for (const website of ["not a web address", "javascript:alert(1)", "https://", "exa mple.com"]) {
      const refused = await save({ website, company: "Kept?" });
      expect(refused.status, website).toBe(400);
      expect(await replyErrors(refused)).toEqual({ website: ["Enter a web address, for example example.com."] });
    }
    expect((await row(id))?.company).toBe(null);

    // The list's business search finds it.
    await save({ company: "Ortega Architects" });
    expect(await names(member, "?business=architects")).toEqual(["Ana"]);
  });
});

describe("marking a contact important", () => {
  function toggle(member: TestMember, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const request = postRequest(`${LIST}/change_isImportant`, { csrf: "x", ...fields }, member.cookie);
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    return settle(() => changeImportant(routeArgs(request)));
  }

  test("1 marks it, 0 unmarks it; the member goes back where they were with the notice", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const marked = await toggle(member, { contact_id: String(id), is_important: "1" }, { Referer: "http://chapter.test/user/contacts?q=an" });
    expect(marked.status).toBe(302);
    expect(marked.headers.get("Location")).toBe("/user/contacts?q=an");
    expect(await flashOf(marked)).toEqual({ type: "success", message: "Ana is marked important." });
    expect((await row(id))?.is_important).toBe(1);
    expect(await names(member, "?important=1")).toEqual(["Ana"]);

    const json = await toggle(member, { contact_id: String(id), is_important: "0" }, { Accept: "application/json" });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ type: "success", message: "Ana is no longer marked important." });
    expect((await row(id))?.is_important).toBe(0);
  });

  test("the list's checkbox form: ticked it sends 1 and then the hidden 0 (the first counts), unticked the 0 alone", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const send = (values: string[]) => {
      const body = new URLSearchParams([["csrf", "x"], ["contact_id", String(id)], ...values.map((value) => ["is_important", value])]);
      const request = new Request(`${BASE}${LIST}/change_isImportant`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie },
      });
      return settle(() => changeImportant(routeArgs(request)));
    };
    expect((await send(["1", "0"])).status).toBe(302);
    expect((await row(id))?.is_important).toBe(1);
    expect((await send(["0"])).status).toBe(302);
    expect((await row(id))?.is_important).toBe(0);
  });

  test("a value other than 1 or 0 answers 400 and changes nothing; an unknown contact 404", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    for (const value of ["2", "", "true", "yes", " 1"]) {
      const response = await toggle(member, { contact_id: String(id), is_important: value });
      expect(response.status, value).toBe(400);
    }
    expect((await toggle(member, { contact_id: String(id) })).status).toBe(400);
    expect((await row(id))?.is_important).toBe(0);
    for (const contactId of ["", "abc", "0", String(id + 1000)]) {
      expect((await toggle(member, { contact_id: contactId, is_important: "1" })).status, contactId).toBe(404);
    }
  });
});

describe("deleting a contact", () => {
  test("asks first, then removes the row and lands on the list with the notice", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const keep = await added(member, { name: "Bob" });
    const confirm = await settle(() => deleteLoader(routeArgs(getRequest(`${LIST}/${id}/delete`, member.cookie), { contactId: String(id) })));
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({ name: "Ana", cancelTo: LIST });
    expect(await row(id)).toBeDefined();

    const response = await settle(() => deleteAction(routeArgs(postRequest(`${LIST}/${id}/delete`, { csrf: "x" }, member.cookie), { contactId: String(id) })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LIST);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Contact Ana deleted." });
    expect(await row(id)).toBeUndefined();
    expect(await row(keep)).toBeDefined();

    // Gone: its pages answer 404, and deleting again too.
    expect((await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${id}`, member.cookie))))).status).toBe(404);
    const again = await settle(() => deleteAction(routeArgs(postRequest(`${LIST}/${id}/delete`, { csrf: "x" }, member.cookie), { contactId: String(id) })));
    expect(again.status).toBe(404);
  });

  test("opened with ?back=, cancelling and deleting go back to the list as it was left; from the profile, deleting goes to the list", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const found = `${LIST}?q=an&sort=newest&page=2`;
    const ask = (back: string, cookie = member.cookie) =>
      settle(() => deleteLoader(routeArgs(getRequest(`${LIST}/${id}/delete?back=${encodeURIComponent(back)}`, cookie), { contactId: String(id) })));
    expect(await (await ask(found)).json()).toEqual({ name: "Ana", cancelTo: found });
    const profile = `/user/profile?cicid=${id}`;
    expect(await (await ask(profile)).json()).toEqual({ name: "Ana", cancelTo: profile });
    // Another site is not where cancelling goes.
    expect(await (await ask("//evil.example/x")).json()).toEqual({ name: "Ana", cancelTo: LIST });
    // Another member's contact stays a 404, whatever the opener.
    expect((await ask(found, (await createSignedInMember()).cookie)).status).toBe(404);

    const deleteFrom = (back: string, contactId: number) =>
      settle(() =>
        deleteAction(
          routeArgs(postRequest(`${LIST}/${contactId}/delete?back=${encodeURIComponent(back)}`, { csrf: "x" }, member.cookie), {
            contactId: String(contactId),
          }),
        ),
      );
    const fromList = await deleteFrom(found, id);
    expect(fromList.headers.get("Location")).toBe(found);
    expect(await row(id)).toBeUndefined();
    const other = await added(member, { name: "Bea" });
    const fromProfile = await deleteFrom(`/user/profile?cicid=${other}`, other);
    expect(fromProfile.headers.get("Location")).toBe(LIST);
    expect(await flashOf(fromProfile)).toEqual({ type: "success", message: "Contact Bea deleted." });
  });

  test("removes the contact's profile image, its row and its files on disk", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana" });
    const upload = await receiveUpload(
      uploadRequest("/upload", { name: "ana.png", content: await png(300, 200), type: "image/png" }, { cookie: member.cookie }),
      { kind: "profile_image", ownerId: member.id },
    );
    if (!upload.ok || !upload.file) throw new Error(`The upload failed: ${JSON.stringify(upload)}`);
    const file = await db.selectFrom("files").selectAll().where("id", "=", upload.file.id).executeTakeFirstOrThrow();
    await db.updateTable("contacts").set({ profile_image_id: file.id }).where("id", "=", id).execute();
    const onDisk = [file.storage_key, file.thumbnail_key!].map((key) => path.join(uploadsDir(), key));
    expect(onDisk.every((file) => fs.existsSync(file))).toBe(true);

    // The list and the profile show the thumbnail.
    const [card] = (await list(member)).contacts;
    expect(card.imageUrl).toBe(`/user/files/${file.token}?variant=thumbnail`);

    expect(await deleteContact(member.id, id)).toBe(true);
    expect(await row(id)).toBeUndefined();
    expect(await db.selectFrom("files").selectAll().where("id", "=", file.id).executeTakeFirst()).toBeUndefined();
    expect(onDisk.some((file) => fs.existsSync(file))).toBe(false);
  });
});

describe("the e-mail and phone checks (SPEC.md §5, §7)", () => {
  test("the e-mail check answers nothing when free or blank, the error text when the member has it", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Ana Ortega", email: "ana@example.com" });
    const free = await emailCheck(member, { email: "bob@example.com", contact_id: "" });
    expect(free.status).toBe(200);
    expect(free.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await free.text()).toBe("");
    const check = async (fields: Record<string, string>) => (await emailCheck(member, fields)).text();
    expect(await check({ email: "   " })).toBe("");
    expect(await check({})).toBe("");
    expect(await check({ email: " ANA@example.COM ", contact_id: "" })).toBe("You already have a contact with this e-mail: Ana Ortega.");
    // Editing that contact: its own e-mail is fine.
    expect(await check({ email: "ana@example.com", contact_id: String(id) })).toBe("");
    expect(await check({ email: "ana@example.com", contact_id: "nonsense" })).toBe("You already have a contact with this e-mail: Ana Ortega.");
  });

  test("the phone check answers nothing when free or blank, the error text when invalid or taken", async () => {
    const member = await createSignedInMember();
    const id = await added(member, { name: "Carl Canada", phone: "+14165550199" });
    const check = async (fields: Record<string, string>) => (await phoneCheck(member, fields)).text();
    expect(await check({ phone: "" })).toBe("");
    expect(await check({ phone: "+14165550100" })).toBe("");
    expect(await check({ phone: "12", country: "CA" })).toBe("Please provide a valid phone number.");
    expect(await check({ phone: "416 555 0199" })).toBe("Please provide a valid phone number.");
    expect(await check({ phone: "(416) 555-0199", country: "CA" })).toBe("You already have a contact with this phone number: Carl Canada.");
    expect(await check({ phone: "+1 416 555 0199", contact_id: String(id) })).toBe("");
    const response = await phoneCheck(member, { phone: "12" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("suggestions", () => {
  test("meet places and occupations come most used first, then alphabetically, without blanks", async () => {
    const member = await createSignedInMember();
    await seed(member, [
      { name: "A", meet_place: "golf club", occupation: "banker" },
      { name: "B", meet_place: "chamber dinner", occupation: "architect" },
      { name: "C", meet_place: "golf club", occupation: "architect" },
      { name: "D", meet_place: "alumni night" },
      { name: "E", meet_place: "golf club" },
      { name: "F", meet_place: "chamber dinner" },
      { name: "G" },
    ]);
    const meet = await settle(() => meetPlaces(routeArgs(getRequest(`${LIST}/get_meet_place`, member.cookie))));
    expect(meet.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(await meet.json()).toEqual([{ meet_place: "golf club" }, { meet_place: "chamber dinner" }, { meet_place: "alumni night" }]);
    const pro = await settle(() => positions(routeArgs(getRequest(`${LIST}/get_position`, member.cookie))));
    expect(await pro.json()).toEqual([{ pro_name: "architect" }, { pro_name: "banker" }]);
    expect(await suggestions(member.id, "meet_place", 2)).toEqual(["golf club", "chamber dinner"]);
  });
});

test("listContacts pages in a stable order when names are equal", async () => {
  const member = await createSignedInMember();
  await seed(
    member,
    Array.from({ length: PAGE_SIZE + 1 }, () => ({ name: "Same Name" })),
  );
  const first = await listContacts(member.id, { page: 1 });
  const second = await listContacts(member.id, { page: 2 });
  const ids = [...first.contacts, ...second.contacts].map((contact) => contact.id);
  expect(new Set(ids).size).toBe(PAGE_SIZE + 1);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
});

describe("a form keeps the place it was opened with", () => {
  async function tunde(member: TestMember) {
    const [id] = await seed(member, [{ name: "Tunde Bakare", country: "NG", province: null, city: "Lagos", occupation: "Warehouse manager" }]);
    return id;
  }

  test("a city stored without a province is a choice of the edit dialog, and saving another change keeps it", async () => {
    const member = await createSignedInMember();
    const id = await tunde(member);
    const opened = await settle(() => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}`, member.cookie), { contactId: String(id) })));
    const data = await opened.json();
    expect(data.places.cities).toContainEqual({ value: "Lagos", label: "Lagos" });
    // The form as it is sent: the province left unchosen, the city as it was.
    const response = await edit(member, id, { name: "Tunde Bakare", country: "NG", province: "", city: "Lagos", occupation: "Operations director" });
    expect(response.status, JSON.stringify(await response.clone().text())).toBe(302);
    expect(await row(id)).toMatchObject({ country: "NG", province: null, city: "Lagos", occupation: "Operations director" });
  });

  test("without JavaScript, showing the provinces keeps the stored city while the country stays; another country drops it", async () => {
    const member = await createSignedInMember();
    const id = await tunde(member);
    const same = await edit(member, id, { intent: "refresh-places", name: "Tunde Bakare", country: "NG", province: "", city: "Lagos" });
    expect((await same.json()).places.cities).toContainEqual({ value: "Lagos", label: "Lagos" });
    const other = await edit(member, id, { intent: "refresh-places", name: "Tunde Bakare", country: "GH", province: "", city: "Lagos" });
    expect((await other.json()).places.cities).toEqual([]);
  });

  test("a city without a province that was not stored is still refused", async () => {
    const member = await createSignedInMember();
    const id = await tunde(member);
    const response = await edit(member, id, { name: "Tunde Bakare", country: "NG", province: "", city: "Abuja" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toEqual({ city: ["Choose a province first."] });
  });
});

describe("the e-mail may be left blank (SPEC.md §5: checked when not blank)", () => {
  test("the form does not mark it required, and a contact with a name and a phone is saved", async () => {
    const member = await createSignedInMember();
    const data = await (await settle(() => addLoader(routeArgs(getRequest(`${LIST}/add`, member.cookie))))).json();
    expect(data.constraint.email?.required ?? false).toBe(false);
    const id = await added(member, { name: "Only Phone", email: "", phone: "+14165550123" });
    expect(await row(id)).toMatchObject({ name: "Only Phone", email: null, phone: "+14165550123" });
  });
});
