import { describe, expect, test } from "vitest";
import { createContact } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { loader as myCategory } from "~/routes/spec/user.contact.my-category";
import { loader as otherCategory } from "~/routes/spec/user.contact.other-category";
import { loader as realEstateCategory } from "~/routes/spec/user.contact.real-estate-category";
import { action as businessUpdate, loader as businessUpdateGet } from "~/routes/spec/user.contacts.business_update";
import { action as deleteContact, loader as deleteGet } from "~/routes/spec/user.contacts.delete";
import { action as changeImportant } from "~/routes/spec/user.contacts.change_isImportant";
import { action as saveChanges, loader as saveChangesGet } from "~/routes/spec/user.contacts.save_changes";
import { loader as chapterHead } from "~/routes/spec/user.contacts.update_chapter_head";
import { loader as view } from "~/routes/spec/user.contacts.view.$contactId";
import { loader as loadDocuments } from "~/routes/spec/user.documents.load_model";
import { BASE, createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

// SPEC.md §7's contact addresses that the dialogs answer under other paths: each is a thin
// alias of the same feature code (isolation: contacts-isolation.test.ts).

const blank = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

function contactOf(member: TestMember, name = "Grace Hopper") {
  return createContact(member.id, { ...blank, name });
}

function row(id: number) {
  return db.selectFrom("contacts").selectAll().where("id", "=", id).executeTakeFirst();
}

function jsonPost(path: string, fields: Record<string, string>, cookie: string, method = "POST") {
  return new Request(`${BASE}${path}`, {
    method,
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", Cookie: cookie },
  });
}

describe("SPEC.md §7 contact addresses", () => {
  test("GET /user/contacts/view/{id} shows the contact's profile", async () => {
    const member = await createSignedInMember();
    const id = await contactOf(member);
    const response = await settle(() => view(routeArgs(getRequest(`/user/contacts/view/${id}`, member.cookie), { contactId: String(id) })));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
    const missing = await settle(() => view(routeArgs(getRequest("/user/contacts/view/abc", member.cookie), { contactId: "abc" })));
    expect(missing.status).toBe(404);
  });

  test("GET /user/contact/*-category and /user/contacts/update_chapter_head open the category dialogs", async () => {
    const member = await createSignedInMember();
    const id = await contactOf(member);
    const cases = [
      [myCategory, "/user/contact/my-category", "my"],
      [realEstateCategory, "/user/contact/real-estate-category", "real-estate"],
      [otherCategory, "/user/contact/other-category", "other"],
      [chapterHead, "/user/contacts/update_chapter_head", "chapter-head"],
    ] as const;
    for (const [loader, path, kind] of cases) {
      const response = await settle(() => loader(routeArgs(getRequest(`${path}?contact_id=${id}`, member.cookie))));
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(`/user/contacts/${id}/category/${kind}?back=%2Fuser%2Fcontacts`);
      const bad = await settle(() => loader(routeArgs(getRequest(`${path}?contact_id=x`, member.cookie))));
      expect(bad.status, path).toBe(404);
      const none = await settle(() => loader(routeArgs(getRequest(path, member.cookie))));
      expect(none.status, path).toBe(404);
    }
  });

  test("GET /user/documents/load_model opens the contact's documents", async () => {
    const member = await createSignedInMember();
    const id = await contactOf(member);
    const response = await settle(() => loadDocuments(routeArgs(getRequest(`/user/documents/load_model?target=x&thumb=1&contact_id=${id}`, member.cookie))));
    expect(response.headers.get("Location")).toBe(`/user/contacts/${id}/documents`);
  });

  test("DELETE /user/contacts/delete {contact_id} deletes it (a POST too); a GET asks first", async () => {
    const member = await createSignedInMember();
    const first = await contactOf(member, "First One");
    const second = await contactOf(member, "Second One");

    const ask = await settle(() => deleteGet(routeArgs(getRequest(`/user/contacts/delete?contact_id=${first}`, member.cookie))));
    expect(ask.headers.get("Location")).toBe(`/user/contacts/${first}/delete`);
    expect(await row(first)).toBeDefined();

    const deleted = await settle(() =>
      deleteContact(routeArgs(jsonPost("/user/contacts/delete", { csrf: "x", contact_id: String(first) }, member.cookie, "DELETE"))),
    );
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ type: "success", message: "Contact First One deleted.", url: "/user/contacts" });
    expect(await row(first)).toBeUndefined();

    const posted = await settle(() => deleteContact(routeArgs(postRequest("/user/contacts/delete", { csrf: "x", contact_id: String(second) }, member.cookie))));
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/user/contacts");
    expect(await flashOf(posted)).toEqual({ type: "success", message: "Contact Second One deleted." });
    expect(await row(second)).toBeUndefined();

    const again = await settle(() => deleteContact(routeArgs(postRequest("/user/contacts/delete", { csrf: "x", contact_id: String(second) }, member.cookie))));
    expect(again.status).toBe(404);
    const nothing = await settle(() => deleteContact(routeArgs(postRequest("/user/contacts/delete", { csrf: "x" }, member.cookie))));
    expect(nothing.status).toBe(404);
  });

  test("POST /user/contacts/save_changes adds (no contact_id) or edits, answering url, type, message", async () => {
    const member = await createSignedInMember();
    const added = await settle(() =>
      saveChanges(routeArgs(jsonPost("/user/contacts/save_changes", { csrf: "x", name: "Ada Lovelace", email: "ADA@example.com" }, member.cookie))),
    );
    expect(added.status).toBe(200);
    const body = (await added.json()) as { url: string; type: string; message: string };
    expect(body).toMatchObject({ type: "success", message: "Contact added." });
    const id = Number(/cicid=(\d+)$/.exec(body.url)?.[1]);
    expect((await row(id))?.email).toBe("ada@example.com");

    const edited = await settle(() =>
      saveChanges(
        routeArgs(postRequest("/user/contacts/save_changes", { csrf: "x", contact_id: String(id), name: "Ada King", email: "ada@example.com" }, member.cookie)),
      ),
    );
    expect(edited.headers.get("Location")).toBe(`/user/profile?cicid=${id}`);
    expect(await flashOf(edited)).toEqual({ type: "success", message: "Contact saved." });
    expect((await row(id))?.name).toBe("Ada King");

    // The same validation as the dialogs (SPEC.md §5).
    const invalid = await settle(() =>
      saveChanges(routeArgs(postRequest("/user/contacts/save_changes", { csrf: "x", contact_id: String(id), name: "", email: "nope" }, member.cookie))),
    );
    expect(invalid.status).toBe(400);
    expect(await replyErrors(invalid)).toEqual({
      name: ["Name is required."],
      email: ["Please provide a valid email address."],
    });
    const badPhone = await settle(() =>
      saveChanges(routeArgs(postRequest("/user/contacts/save_changes", { csrf: "x", contact_id: String(id), name: "Ada", phone: "12" }, member.cookie))),
    );
    expect(badPhone.status, badPhone.headers.get("Location") ?? "").toBe(400);
    expect(await replyErrors(badPhone)).toEqual({ phone: ["Please provide a valid phone number."] });
    const duplicate = await settle(() =>
      saveChanges(routeArgs(postRequest("/user/contacts/save_changes", { csrf: "x", name: "Another Ada", email: "ada@example.com" }, member.cookie))),
    );
    expect(await replyErrors(duplicate)).toEqual({ email: ["You already have a contact with this e-mail: Ada King."] });

    // A file sent as contact_id is refused, never read as "no id" (which would add a contact).
    const withFile = new FormData();
    withFile.set("csrf", "x");
    withFile.set("name", "Not Added");
    withFile.set("contact_id", new File(["1"], "id.txt", { type: "text/plain" }));
    const fileAsId = await settle(() =>
      saveChanges(routeArgs(new Request(`${BASE}/user/contacts/save_changes`, { method: "POST", body: withFile, headers: { Cookie: member.cookie } }))),
    );
    expect(fileAsId.status).toBe(400);
    expect(await db.selectFrom("contacts").select("id").where("name", "=", "Not Added").executeTakeFirst()).toBeUndefined();

    const get = await settle(() => saveChangesGet(routeArgs(getRequest("/user/contacts/save_changes", member.cookie))));
    expect(get.headers.get("Location")).toBe("/user/contacts/add");
  });

  test("POST /user/contacts/business_update {contact_id, …} saves the business with the dialog's validation", async () => {
    const member = await createSignedInMember();
    const id = await contactOf(member);
    const invalid = await settle(() =>
      businessUpdate(
        routeArgs(postRequest("/user/contacts/business_update", { csrf: "x", contact_id: String(id), website: "not a web address" }, member.cookie)),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(await replyErrors(invalid)).toEqual({ website: ["Enter a web address, for example example.com."] });

    const saved = await settle(() =>
      businessUpdate(
        routeArgs(
          jsonPost("/user/contacts/business_update", { csrf: "x", contact_id: String(id), company: "Hopper & Co", website: "hopper.example" }, member.cookie),
        ),
      ),
    );
    expect(await saved.json()).toEqual({ type: "success", message: "Grace Hopper's business is saved.", url: `/user/profile?cicid=${id}` });
    expect(await row(id)).toMatchObject({ company: "Hopper & Co", website: "https://hopper.example" });

    const get = await settle(() => businessUpdateGet(routeArgs(getRequest(`/user/contacts/business_update?contact_id=${id}`, member.cookie))));
    expect(get.headers.get("Location")).toBe(`/user/contacts/view-business/${id}`);
  });

  test("POST /user/contacts/change_isImportant takes 1 or 0 only: anything else is 400 and changes nothing", async () => {
    const member = await createSignedInMember();
    const id = await contactOf(member);
    for (const value of ["2", "", "yes"]) {
      const response = await settle(() =>
        changeImportant(routeArgs(jsonPost("/user/contacts/change_isImportant", { csrf: "x", contact_id: String(id), is_important: value }, member.cookie))),
      );
      expect(response.status, value).toBe(400);
      expect(await response.text(), value).toBe("is_important must be 1 or 0");
    }
    expect((await row(id))?.is_important).toBe(0);
    const marked = await settle(() =>
      changeImportant(routeArgs(jsonPost("/user/contacts/change_isImportant", { csrf: "x", contact_id: String(id), is_important: "1" }, member.cookie))),
    );
    expect(await marked.json()).toMatchObject({ type: "success", message: "Grace Hopper is marked important." });
    expect((await row(id))?.is_important).toBe(1);
  });
});
