import { describe, expect, test } from "vitest";
import { createContact, getContact, listContacts } from "~/features/contacts/contacts.server";
import { labelsOf } from "~/features/contacts/categories.server";
import { action, loader } from "~/routes/contacts/user.contacts.$contactId.category.$kind";
import { loader as labelsLoader } from "~/routes/contacts/user.contacts.categories._index";
import { action as renameAction, loader as renameLoader } from "~/routes/contacts/user.contacts.categories.$labelId";
import { action as deleteAction, loader as deleteLoader } from "~/routes/contacts/user.contacts.categories.$labelId_.delete";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle } from "./helpers";

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
    const unknown = await settle(() =>
      loader(routeArgs(getRequest(`/user/contacts/${id}/category/vip`, owner.cookie), { contactId: String(id), kind: "vip" })),
    );
    expect(unknown.status).toBe(404);
    const bad = await settle(() => loader(routeArgs(getRequest("/user/contacts/x/category/my", owner.cookie), { contactId: "x", kind: "my" })));
    expect(bad.status).toBe(404);
    expect(await getContact(owner.id, id)).toMatchObject({ other_category: null, chapter_head: null });
    expect(await labelsOf(owner.id)).toHaveLength(0);
  });
});

describe("my category labels: rename and delete", () => {
  const BACK = "/user/contacts?q=ana";
  const DIALOG = `/user/contacts/categories?back=${encodeURIComponent(BACK)}`;

  function rename(cookie: string, labelId: number, name: string) {
    const request = postRequest(`/user/contacts/categories/${labelId}?back=${encodeURIComponent(BACK)}`, { name }, cookie);
    return settle(() => renameAction(routeArgs(request, { labelId: String(labelId) })));
  }
  function remove(cookie: string, labelId: number) {
    const request = postRequest(`/user/contacts/categories/${labelId}/delete?back=${encodeURIComponent(BACK)}`, {}, cookie);
    return settle(() => deleteAction(routeArgs(request, { labelId: String(labelId) })));
  }
  async function labelNamed(ownerId: number, name: string) {
    return (await labelsOf(ownerId)).find((label) => label.name === name)!;
  }

  test("the dialog lists the member's own labels with their counts", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    await save(member.cookie, grace, "my", { new_label: "Speakers" });
    const alan = await createContact(member.id, { ...blank, name: "Alan" });
    await save(member.cookie, alan, "my", { new_label: "Unused" });
    await save(member.cookie, alan, "my", {});
    const theirs = await createContact(other.id, { ...blank, name: "Theirs" });
    await save(other.cookie, theirs, "my", { new_label: "Secret" });
    const response = await settle(() => labelsLoader(routeArgs(getRequest(DIALOG, member.cookie))));
    expect(await response.json()).toEqual({
      labels: [
        { id: expect.any(Number), name: "Speakers", contacts: 1 },
        { id: expect.any(Number), name: "Unused", contacts: 0 },
      ],
      back: BACK,
    });
    const offSite = await settle(() => labelsLoader(routeArgs(getRequest("/user/contacts/categories?back=https://evil.example/", member.cookie))));
    expect(((await offSite.json()) as { back: string }).back).toBe("/user/contacts");
  });

  test("a label is renamed; its contacts keep it under the new name", async () => {
    const member = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    await save(member.cookie, grace, "my", { new_label: "Golf partners" });
    const label = await labelNamed(member.id, "Golf partners");
    const ask = await settle(() =>
      renameLoader(
        routeArgs(getRequest(`/user/contacts/categories/${label.id}?back=${encodeURIComponent(BACK)}`, member.cookie), { labelId: String(label.id) }),
      ),
    );
    expect(await ask.json()).toEqual({ label: { id: label.id, name: "Golf partners" }, cancelTo: DIALOG });

    const renamed = await rename(member.cookie, label.id, "  Golf   buddies ");
    expect(renamed.status).toBe(302);
    expect(renamed.headers.get("Location")).toBe(DIALOG);
    expect(await flashOf(renamed)).toEqual({ type: "success", message: "Category “Golf partners” renamed to “Golf buddies”." });
    expect(await labelsOf(member.id)).toEqual([{ id: label.id, name: "Golf buddies", contacts: 1 }]);
    expect((await listContacts(member.id, { label: label.id })).contacts.map((contact) => contact.name)).toEqual(["Grace"]);
    // A change of case of its own name is fine.
    expect((await rename(member.cookie, label.id, "GOLF buddies")).status).toBe(302);
    expect((await labelsOf(member.id))[0].name).toBe("GOLF buddies");
  });

  test("a rename is refused next to the field: empty, too long, or another label's name", async () => {
    const member = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    await save(member.cookie, grace, "my", { new_label: "Speakers" });
    await save(member.cookie, grace, "my", { new_label: "Board" });
    const board = await labelNamed(member.id, "Board");
    for (const [name, message] of [
      ["   ", "Category name is required."],
      ["x".repeat(41), "Use at most 40 characters."],
      ["speakers", "You already have a category named speakers."],
    ]) {
      const response = await rename(member.cookie, board.id, name);
      expect(response.status, name).toBe(400);
      expect((await response.json()).result.error, name).toEqual({ name: [message] });
    }
    expect((await labelsOf(member.id)).map((label) => label.name)).toEqual(["Board", "Speakers"]);
  });

  test("deleting a label asks first, then takes it off its contacts; the contacts stay", async () => {
    const member = await createSignedInMember();
    const grace = await createContact(member.id, { ...blank, name: "Grace" });
    const alan = await createContact(member.id, { ...blank, name: "Alan" });
    await save(member.cookie, grace, "my", { new_label: "Speakers" });
    const speakers = await labelNamed(member.id, "Speakers");
    await save(member.cookie, alan, "my", { label: String(speakers.id), new_label: "Board" });
    const ask = await settle(() =>
      deleteLoader(
        routeArgs(getRequest(`/user/contacts/categories/${speakers.id}/delete?back=${encodeURIComponent(BACK)}`, member.cookie), {
          labelId: String(speakers.id),
        }),
      ),
    );
    expect(await ask.json()).toEqual({ name: "Speakers", contacts: 2, cancelTo: DIALOG });

    const deleted = await remove(member.cookie, speakers.id);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(DIALOG);
    expect(await flashOf(deleted)).toEqual({ type: "success", message: "Category “Speakers” deleted." });
    expect((await labelsOf(member.id)).map((label) => label.name)).toEqual(["Board"]);
    expect((await listContacts(member.id, {})).total).toBe(2);
    expect((await listContacts(member.id, { label: speakers.id })).total).toBe(0);
    const profile = await settle(() => profileLoader(routeArgs(getRequest(`/user/profile?cicid=${alan}`, member.cookie))));
    expect(((await profile.json()) as { contact: { labels: { name: string }[] } }).contact.labels.map((label) => label.name)).toEqual(["Board"]);
    // Gone: asking again is 404.
    expect((await remove(member.cookie, speakers.id)).status).toBe(404);
  });

  test("another member's label (or a bad id) is 404 for reading, renaming and deleting, and stays as it was", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    const grace = await createContact(owner.id, { ...blank, name: "Grace" });
    await save(owner.cookie, grace, "my", { new_label: "Secret" });
    const secret = await labelNamed(owner.id, "Secret");
    const params = { labelId: String(secret.id) };
    const read = await settle(() => renameLoader(routeArgs(getRequest(`/user/contacts/categories/${secret.id}`, other.cookie), params)));
    expect(read.status).toBe(404);
    const ask = await settle(() => deleteLoader(routeArgs(getRequest(`/user/contacts/categories/${secret.id}/delete`, other.cookie), params)));
    expect(ask.status).toBe(404);
    expect((await rename(other.cookie, secret.id, "Mine now")).status).toBe(404);
    expect((await remove(other.cookie, secret.id)).status).toBe(404);
    for (const labelId of ["x", "0", "99999999"]) {
      const bad = await settle(() => renameLoader(routeArgs(getRequest(`/user/contacts/categories/${labelId}`, owner.cookie), { labelId })));
      expect(bad.status, labelId).toBe(404);
    }
    expect(await labelsOf(owner.id)).toEqual([{ id: secret.id, name: "Secret", contacts: 1 }]);
    const theirList = await settle(() => labelsLoader(routeArgs(getRequest("/user/contacts/categories", other.cookie))));
    expect(((await theirList.json()) as { labels: unknown[] }).labels).toEqual([]);
  });
});
