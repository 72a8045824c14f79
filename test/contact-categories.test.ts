import { describe, expect, test } from "vitest";
import { createContact, getContact, listContacts } from "~/features/contacts/contacts.server";
import { labelsOf } from "~/features/contacts/categories.server";
import { action, loader } from "~/routes/user.contacts.$contactId.category.$kind";
import { loader as profileLoader } from "~/routes/user.profile";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle } from "./helpers";

const blank = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

function save(cookie: string, contactId: number, kind: string, fields: Record<string, string>, back = "/user/contacts") {
  const request = postRequest(`/user/contacts/${contactId}/category/${kind}?back=${encodeURIComponent(back)}`, fields, cookie);
  return settle(() => action(routeArgs(request, { contactId: String(contactId), kind })));
}

describe("contact categories", () => {
  test("the contact's profile carries its categories (labels, real estate, other, chapter head)", async () => {
    const member = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    await save(member.cookie, grace, "my", { new_label: "Speakers" });
    await save(member.cookie, grace, "real-estate", { category: "landlord" });
    await save(member.cookie, grace, "other", { category: "mentor" });
    await save(member.cookie, grace, "chapter-head", { chapter: "Chapter Toronto" });
    const response = await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${grace}`, member.cookie))));
    const { contact } = (await response.json()) as { contact: Record<string, unknown> };
    expect(contact).toMatchObject({
      labels: [{ name: "Speakers" }],
      real_estate_category: "landlord",
      other_category: "mentor",
      chapter_head: "Chapter Toronto",
    });
  });

  test("my category: a new label is created, assigned, reused by name, and filters the list", async () => {
    const member = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    const alan = await createContact(member.id, { ...blank, name: "Alan" });
    const saved = await save(member.cookie, grace, "my", { new_label: "  Golf   partners " });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/user/contacts");
    const [label] = await labelsOf(member.id);
    expect(label).toMatchObject({ name: "Golf partners", contacts: 1 });
    await save(member.cookie, alan, "my", { new_label: "golf PARTNERS" });
    expect(await labelsOf(member.id)).toHaveLength(1);
    const filtered = await listContacts(member.id, { label: label.id });
    expect(filtered.contacts.map((contact) => contact.name).sort()).toEqual(["Alan", "Grace"]);
    // Unticking every label removes them.
    await save(member.cookie, alan, "my", {});
    expect((await listContacts(member.id, { label: label.id })).contacts.map((contact) => contact.name)).toEqual(["Grace"]);
  });

  test("another member's label ids are ignored", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const theirs = await createContact(other.id, { ...blank, name: "Theirs" });
    await save(other.cookie, theirs, "my", { new_label: "Secret" });
    const [secret] = await labelsOf(other.id);
    const mine = await createContact(owner.id, { ...blank, name: "Mine" });
    await save(owner.cookie, mine, "my", { label: String(secret.id) });
    expect((await listContacts(owner.id, { label: secret.id })).total).toBe(0);
  });

  test("real estate and other categories take only the fixed choices; chapter head takes a name", async () => {
    const member = await createSignedInMember();
    const id = await createContact(member.id, { ...blank, name: "Grace" });
    expect((await save(member.cookie, id, "real-estate", { category: "castle" })).status).toBe(400);
    await save(member.cookie, id, "real-estate", { category: "landlord" });
    await save(member.cookie, id, "other", { category: "mentor" });
    await save(member.cookie, id, "chapter-head", { chapter: "Chapter Toronto" });
    expect(await getContact(member.id, id)).toMatchObject({
      real_estate_category: "landlord",
      other_category: "mentor",
      chapter_head: "Chapter Toronto",
    });
    expect((await listContacts(member.id, { realEstate: "landlord", other: "mentor", chapterHeads: true })).total).toBe(1);
    expect((await listContacts(member.id, { realEstate: "tenant" })).total).toBe(0);
    await save(member.cookie, id, "chapter-head", { chapter: "" });
    expect((await listContacts(member.id, { chapterHeads: true })).total).toBe(0);
  });

  test("an off-site back address falls back to the contact's profile", async () => {
    const member = await createSignedInMember();
    const id = await createContact(member.id, { ...blank, name: "Grace" });
    const response = await save(member.cookie, id, "other", { category: "" }, "https://evil.example/");
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
  });

  test("another member, an unknown kind or a bad id get 404 and change nothing", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const id = await createContact(owner.id, { ...blank, name: "Grace" });
    for (const kind of ["my", "real-estate", "other", "chapter-head"]) {
      const read = await settle(() => loader(routeArgs(getRequest(`/user/contacts/${id}/category/${kind}`, other.cookie), { contactId: String(id), kind })));
      expect(read.status).toBe(404);
      expect((await save(other.cookie, id, kind, { category: "mentor", chapter: "X", new_label: "X" })).status).toBe(404);
    }
    const unknown = await settle(() => loader(routeArgs(getRequest(`/user/contacts/${id}/category/vip`, owner.cookie), { contactId: String(id), kind: "vip" })));
    expect(unknown.status).toBe(404);
    const bad = await settle(() => loader(routeArgs(getRequest("/user/contacts/x/category/my", owner.cookie), { contactId: "x", kind: "my" })));
    expect(bad.status).toBe(404);
    expect(await getContact(owner.id, id)).toMatchObject({ other_category: null, chapter_head: null });
    expect(await labelsOf(owner.id)).toHaveLength(0);
  });
});
