import { describe, expect, test } from "vitest";
import { createContact, listContacts, updateBusiness } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { action as checkEmail } from "~/routes/user.ajax.check_contact_and_invite";
import { action as checkPhone } from "~/routes/user.ajax.check_contact_and_invite_to_phone";
import { action as deleteAction, loader as deleteLoader } from "~/routes/user.contacts.$contactId.delete";
import { action as addAction, loader as addLoader } from "~/routes/user.contacts.add";
import { action as changeImportant, loader as changeImportantGet } from "~/routes/user.contacts.change_isImportant";
import { action as editAction, loader as editLoader } from "~/routes/user.contacts.edit.$contactId";
import { loader as meetPlaces } from "~/routes/user.contacts.get_meet_place";
import { loader as positions } from "~/routes/user.contacts.get_position";
import { loader as listLoader } from "~/routes/user.contacts";
import { action as businessAction, loader as businessLoader } from "~/routes/user.contacts.view-business.$contactId";
import { loader as profileLoader } from "~/routes/user.profile";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

// Contacts are private: another member gets 404 for every contact route and action, learns
// nothing from the live checks or the lists, and changes nothing.

const LIST = "/user/contacts";

async function ownersContact(owner: TestMember) {
  const id = await createContact(owner.id, {
    name: "Olga Owner",
    email: "olga@example.com",
    phone: "+14165550199",
    country: "CA",
    province: "ON",
    city: "Toronto",
    occupation: "Treasurer",
    meet_place: "Secret supper",
  });
  await updateBusiness(owner.id, id, {
    company: "Owner Holdings",
    business_type: "Holding",
    industry: "Finance",
    website: "https://owner.example.com",
    address: null,
    business_description: null,
  });
  return id;
}

function snapshot(id: number) {
  return db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every contact route and action of `id`, as `member` (or signed out). */
function routes(id: number, cookie?: string) {
  const params = { contactId: String(id) };
  const save = { csrf: "x", intent: "save", name: "Taken Over", email: "intruder@example.com" };
  return {
    profile: () => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${id}`, cookie))),
    "edit (dialog)": () => editLoader(routeArgs(getRequest(`${LIST}/edit/${id}`, cookie), params)),
    "edit (save)": () => editAction(routeArgs(postRequest(`${LIST}/edit/${id}`, save, cookie), params)),
    "edit (refresh places)": () =>
      editAction(routeArgs(postRequest(`${LIST}/edit/${id}`, { ...save, intent: "refresh-places", country: "CA" }, cookie), params)),
    "delete (confirm)": () => deleteLoader(routeArgs(getRequest(`${LIST}/${id}/delete`, cookie), params)),
    "delete (do it)": () => deleteAction(routeArgs(postRequest(`${LIST}/${id}/delete`, { csrf: "x" }, cookie), params)),
    "business (dialog)": () => businessLoader(routeArgs(getRequest(`${LIST}/view-business/${id}`, cookie), params)),
    "business (save)": () =>
      businessAction(
        routeArgs(postRequest(`${LIST}/view-business/${id}`, { csrf: "x", company: "Intruder Inc", website: "intruder.example" }, cookie), params),
      ),
    "mark important": () =>
      changeImportant(routeArgs(postRequest(`${LIST}/change_isImportant`, { csrf: "x", contact_id: String(id), is_important: "1" }, cookie))),
    "unmark important": () =>
      changeImportant(routeArgs(postRequest(`${LIST}/change_isImportant`, { csrf: "x", contact_id: String(id), is_important: "0" }, cookie))),
  };
}

describe("another member's contacts", () => {
  test("every contact route and action answers 404, and the contact is unchanged", async () => {
    const owner = await createSignedInMember({ name: "Olive Owner" });
    const intruder = await createSignedInMember({ name: "Ivan Intruder" });
    const id = await ownersContact(owner);
    await db.updateTable("contacts").set({ is_important: 1 }).where("id", "=", id).execute();
    const before = await snapshot(id);

    for (const [name, run] of Object.entries(routes(id, intruder.cookie))) {
      const response = await settle(run);
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).not.toContain("Olga");
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await db.selectFrom("contacts").selectAll().where("owner_id", "=", intruder.id).execute()).toEqual([]);

    // The owner still has it all.
    for (const [name, run] of Object.entries(routes(id, owner.cookie)).filter(([name]) => name.endsWith("(dialog)") || name === "profile")) {
      expect((await settle(run)).status, name).toBe(200);
    }
  });

  test("the e-mail and phone checks do not reveal them (the reply is empty)", async () => {
    const owner = await createSignedInMember();
    const intruder = await createSignedInMember();
    const id = await ownersContact(owner);
    const ask = async (check: typeof checkEmail, path: string, fields: Record<string, string>) => {
      const response = await settle(() => check(routeArgs(postRequest(path, fields, intruder.cookie))));
      expect(response.status).toBe(200);
      return response.text();
    };
    const email = "/user/ajax/check_contact_and_invite";
    const phone = "/user/ajax/check_contact_and_invite_to_phone";
    expect(await ask(checkEmail, email, { email: "olga@example.com" })).toBe("");
    expect(await ask(checkEmail, email, { email: "OLGA@example.com", contact_id: String(id) })).toBe("");
    expect(await ask(checkPhone, phone, { phone: "+14165550199" })).toBe("");
    expect(await ask(checkPhone, phone, { phone: "416 555 0199", country: "CA", contact_id: String(id) })).toBe("");
    // The owner, asking the same, is told.
    const mine = await settle(() => checkEmail(routeArgs(postRequest(email, { email: "olga@example.com" }, owner.cookie))));
    expect(await mine.text()).toBe("You already have a contact with this e-mail: Olga Owner.");

    // Adding the same person to one's own book is no duplicate either.
    const added = await settle(() =>
      addAction(
        routeArgs(postRequest(`${LIST}/add`, { csrf: "x", name: "Olga", email: "olga@example.com", phone: "+14165550199" }, intruder.cookie)),
      ),
    );
    expect(added.status).toBe(302);
  });

  test("the list, its searches and the suggestions hold the member's own contacts only", async () => {
    const owner = await createSignedInMember();
    const intruder = await createSignedInMember();
    await ownersContact(owner);
    await createContact(intruder.id, {
      name: "Ivy Intruder's friend",
      email: null,
      phone: null,
      country: null,
      province: null,
      city: null,
      occupation: "Baker",
      meet_place: "Market",
    });
    const searches = [{}, { q: "olga" }, { q: "example.com" }, { q: "4165" }, { meetPlace: "secret" }, { business: "holdings" }, { important: true }, { page: 2 }];
    for (const filters of searches) {
      const { contacts, total } = await listContacts(intruder.id, filters);
      expect(contacts.map((contact) => contact.name), JSON.stringify(filters)).not.toContain("Olga Owner");
      expect(total, JSON.stringify(filters)).toBeLessThanOrEqual(1);
    }
    expect((await listContacts(intruder.id, {})).total).toBe(1);
    expect((await listContacts(owner.id, {})).contacts.map((contact) => contact.name)).toEqual(["Olga Owner"]);

    const page = await settle(() => listLoader(routeArgs(getRequest(`${LIST}?q=olga`, intruder.cookie))));
    expect(await page.json()).toMatchObject({ total: 0, contacts: [] });

    const meet = await settle(() => meetPlaces(routeArgs(getRequest(`${LIST}/get_meet_place`, intruder.cookie))));
    expect(await meet.json()).toEqual([{ meet_place: "Market" }]);
    const pro = await settle(() => positions(routeArgs(getRequest(`${LIST}/get_position`, intruder.cookie))));
    expect(await pro.json()).toEqual([{ pro_name: "Baker" }]);
    const form = await settle(() => addLoader(routeArgs(getRequest(`${LIST}/add`, intruder.cookie))));
    expect((await form.json()).suggestions).toEqual({ meetPlaces: ["Market"], occupations: ["Baker"] });
  });
});

describe("signed-out visitors", () => {
  test("are sent to sign in, and come back where they were going; nothing changes", async () => {
    const owner = await createSignedInMember();
    const id = await ownersContact(owner);
    const before = await snapshot(id);
    const urls: Record<string, string> = {
      profile: `/user/profile?cicid=${id}`,
      "edit (dialog)": `${LIST}/edit/${id}`,
      "edit (save)": `${LIST}/edit/${id}`,
      "edit (refresh places)": `${LIST}/edit/${id}`,
      "delete (confirm)": `${LIST}/${id}/delete`,
      "delete (do it)": `${LIST}/${id}/delete`,
      "business (dialog)": `${LIST}/view-business/${id}`,
      "business (save)": `${LIST}/view-business/${id}`,
      "mark important": `${LIST}/change_isImportant`,
      "unmark important": `${LIST}/change_isImportant`,
    };
    for (const [name, run] of Object.entries(routes(id))) {
      const response = await settle(run);
      expect(response.status, name).toBe(302);
      expect(response.headers.get("Location"), name).toBe(`/signin?redirectTo=${encodeURIComponent(urls[name])}`);
    }
    const others: Array<[string, () => Promise<unknown>]> = [
      ["list", () => listLoader(routeArgs(getRequest(`${LIST}?q=olga`)))],
      ["add (dialog)", () => addLoader(routeArgs(getRequest(`${LIST}/add`)))],
      ["add (save)", () => addAction(routeArgs(postRequest(`${LIST}/add`, { csrf: "x", name: "Nobody" })))],
      ["important (GET)", () => changeImportantGet({ ...routeArgs(getRequest(`${LIST}/change_isImportant`)) })],
      ["meet places", () => meetPlaces(routeArgs(getRequest(`${LIST}/get_meet_place`)))],
      ["positions", () => positions(routeArgs(getRequest(`${LIST}/get_position`)))],
      ["e-mail check", () => checkEmail(routeArgs(postRequest("/user/ajax/check_contact_and_invite", { email: "olga@example.com" })))],
      ["phone check", () => checkPhone(routeArgs(postRequest("/user/ajax/check_contact_and_invite_to_phone", { phone: "+14165550199" })))],
    ];
    for (const [name, run] of others) {
      const response = await settle(run);
      expect(response.status, name).toBe(302);
      expect(response.headers.get("Location"), name).toMatch(/^\/signin\?redirectTo=%2Fuser%2F/);
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await db.selectFrom("contacts").select("name").execute()).toEqual([{ name: "Olga Owner" }]);
  });
});
