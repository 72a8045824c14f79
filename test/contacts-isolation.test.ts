import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { CATEGORY_KINDS } from "~/features/contacts/categories";
import { CONTACT_UPLOADS } from "~/features/contacts/contact-files";
import { createContact, listContacts, updateBusiness } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { listOutbox } from "~/lib/mail.server";
import { action as checkEmail } from "~/routes/spec/user.ajax.check_contact_and_invite";
import { action as checkPhone } from "~/routes/spec/user.ajax.check_contact_and_invite_to_phone";
import { action as deleteAction, loader as deleteLoader } from "~/routes/contacts/user.contacts.$contactId.delete";
import { action as addAction, loader as addLoader } from "~/routes/contacts/user.contacts.add";
import { action as changeImportant, loader as changeImportantGet } from "~/routes/spec/user.contacts.change_isImportant";
import { action as editAction, loader as editLoader } from "~/routes/contacts/user.contacts.edit.$contactId";
import { loader as meetPlaces } from "~/routes/spec/user.contacts.get_meet_place";
import { loader as positions } from "~/routes/spec/user.contacts.get_position";
import { loader as listLoader } from "~/routes/contacts/user.contacts";
import { loader as exportCsv } from "~/routes/contacts/user.contacts.export[.]csv";
import { loader as exportVcf } from "~/routes/contacts/user.contacts.export[.]vcf";
import { action as businessAction, loader as businessLoader } from "~/routes/contacts/user.contacts.view-business.$contactId";
import { loader as serveFile } from "~/routes/files/user.files.$token";
import { loader as profileLoader } from "~/routes/contacts/user.profile";
import { DOCUMENT_HEADS, png, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";
import { importRoute, routeFiles } from "./route-files";

// Contacts are private: another member gets 404 for every contact route and action, learns
// nothing from the live checks or the lists, and changes nothing.

const LIST = "/user/contacts";

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function mailsTo(address: string) {
  return (await listOutbox()).filter((message) => JSON.stringify(message.to).includes(address)).length;
}

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
      addAction(routeArgs(postRequest(`${LIST}/add`, { csrf: "x", name: "Olga", email: "olga@example.com", phone: "+14165550199" }, intruder.cookie))),
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
    const searches = [
      {},
      { q: "olga" },
      { q: "example.com" },
      { q: "4165" },
      { meetPlace: "secret" },
      { business: "holdings" },
      { important: true },
      { page: 2 },
    ];
    for (const filters of searches) {
      const { contacts, total } = await listContacts(intruder.id, filters);
      expect(
        contacts.map((contact) => contact.name),
        JSON.stringify(filters),
      ).not.toContain("Olga Owner");
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

    // The exports, all or filtered, hold the intruder's own contact only.
    for (const [name, exporter, path] of [
      ["csv", exportCsv, `${LIST}/export.csv`],
      ["vcf", exportVcf, `${LIST}/export.vcf`],
    ] as const) {
      for (const search of ["", "?q=olga", "?business=holdings"]) {
        const response = await settle(() => exporter(routeArgs(getRequest(`${path}${search}`, intruder.cookie))));
        expect(response.status, name + search).toBe(200);
        const text = await response.text();
        expect(text, name + search).not.toContain("Olga");
        expect(text, name + search).not.toContain("Owner Holdings");
      }
      const all = await settle(() => exporter(routeArgs(getRequest(path, intruder.cookie))));
      expect(await all.text(), name).toContain("Ivy Intruder");
    }
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

describe("every contact route, found by its file name", () => {
  // The contact routes of app/routes, present and future: the dialogs under
  // /user/contacts/{id}/…, SPEC.md §7's addresses (the ids in the query or the form) and the
  // other areas' routes that act on a contact. A new file matching these names fails the first
  // test until it says below how it answers another member.
  const CONTACT_ROUTE =
    /^user\.(contacts?[._]|business_card\.|video_frame\.|upload\.simple_upload_(business_card|video_frame)\.|delete\.(contact_profile_image|simple_upload_business_card)\.|invite|reinvite\.|ajax\.file_upload\.invite_image\.|ajax\.check_contact|documents\.)/;
  const files = routeFiles()
    .map(({ file }) => file)
    .filter((file) => CONTACT_ROUTE.test(file));

  /** How each answers a member naming another member's contact (or its card, file, import):
   * "404"; "bounce": a GET of an action-only address, sent to a page of the member's own
   * (nothing of the contact in the answer); "own": the route is about the member's own
   * contacts as a whole (list, add, suggestions, checks, exports, import upload), tested above
   * and in its own file. `upload`: the action reads a multipart file. */
  type Expect = { loader?: "404" | "bounce"; action?: "404"; upload?: "image" | "video" } | "own";
  const EXPECT: Record<string, Expect> = {
    "user.ajax.check_contact_and_invite.ts": "own",
    "user.ajax.check_contact_and_invite_to_phone.ts": "own",
    "user.ajax.file_upload.invite_image.ts": { loader: "bounce", action: "404", upload: "image" },
    "user.business_card.ajax_list_by_contact.$contactId.ts": { loader: "404" },
    "user.contact.file_import.ts": "own",
    "user.contact.my-category.ts": { loader: "404" },
    "user.contact.other-category.ts": { loader: "404" },
    "user.contact.real-estate-category.ts": { loader: "404" },
    "user.contacts.$contactId.business-cards.$cardId.delete.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.business-cards.tsx": { loader: "404", action: "404", upload: "image" },
    "user.contacts.$contactId.category.$kind.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.delete-profile-image.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.delete.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.documents.$documentId.delete.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.documents.tsx": { loader: "404", action: "404", upload: "image" },
    "user.contacts.$contactId.invite.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.profile-image.ts": { loader: "404", action: "404", upload: "image" },
    "user.contacts.$contactId.ticket.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.uploads.$upload.ts": { loader: "404", action: "404", upload: "video" },
    "user.contacts.$contactId.videos.$videoId.delete.tsx": { loader: "404", action: "404" },
    "user.contacts.$contactId.videos.tsx": { loader: "404", action: "404", upload: "video" },
    "user.contacts.add.tsx": "own",
    "user.contacts.business_update.ts": { loader: "404", action: "404" },
    "user.contacts.categories._index.tsx": "own",
    "user.contacts.categories.$labelId.tsx": { loader: "404", action: "404" },
    "user.contacts.categories.$labelId_.delete.tsx": { loader: "404", action: "404" },
    "user.contacts.change_isImportant.ts": { loader: "bounce", action: "404" },
    "user.contacts.delete.ts": { loader: "404", action: "404" },
    "user.contacts.edit.$contactId.tsx": { loader: "404", action: "404" },
    "user.contacts.export[.]csv.ts": "own",
    "user.contacts.export[.]vcf.ts": "own",
    "user.contacts.get_meet_place.ts": "own",
    "user.contacts.get_position.ts": "own",
    "user.contacts.import.$importId.tsx": { loader: "404", action: "404" },
    "user.contacts.import.$importId_.undo.tsx": { loader: "404", action: "404" },
    "user.contacts.import._index.tsx": "own",
    "user.contacts.save_changes.ts": { loader: "bounce", action: "404" },
    "user.contacts.tsx": "own",
    "user.contacts.update_chapter_head.ts": { loader: "404" },
    "user.contacts.view-business.$contactId.tsx": { loader: "404", action: "404" },
    "user.contacts.view.$contactId.ts": { loader: "404" },
    "user.delete.contact_profile_image.ts": { loader: "bounce", action: "404" },
    "user.delete.simple_upload_business_card.ts": { loader: "bounce", action: "404" },
    "user.documents.load_model.ts": { loader: "404" },
    "user.invite.ts": { loader: "bounce", action: "404" },
    "user.invite_about.ts": { loader: "bounce", action: "404" },
    "user.reinvite.ts": { loader: "bounce", action: "404" },
    "user.upload.simple_upload_business_card.ts": { loader: "bounce", action: "404", upload: "image" },
    "user.upload.simple_upload_video_frame.ts": { loader: "bounce", action: "404", upload: "video" },
    "user.video_frame.ajax_list_by_contact.$contactId.ts": { loader: "404" },
    "user.video_frame.delete.ts": { loader: "bounce", action: "404" },
  };

  test("each is listed with how it answers another member", () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.filter((file) => !(file in EXPECT))).toEqual([]);
    expect(Object.keys(EXPECT).filter((file) => !files.includes(file))).toEqual([]);
  });

  type Module = {
    loader?: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
    action?: (args: ReturnType<typeof routeArgs>) => Promise<unknown>;
  };
  const load = (file: string) => importRoute<Module>(file);

  /** The owner's contact with one of everything: business card, video, document, profile
   * image, invitation image, a label of the owner's, and an import waiting for its mapping. */
  async function furnishedContact(owner: TestMember) {
    const id = await ownersContact(owner);
    const contactId = String(id);
    const post = async (file: string, request: Request, params: Record<string, string> = {}) => {
      const response = await settle(() => load(file).then((module) => module.action!(routeArgs(request, params))));
      expect(response.status, file).toBeLessThan(400);
    };
    const image = { name: "card.png", content: await png(300, 200), type: "image/png" };
    const cookie = owner.cookie;
    const fields = { csrf: "x" };
    await post("user.contacts.$contactId.business-cards.tsx", uploadRequest(`${LIST}/${id}/business-cards`, image, { cookie, fields }), { contactId });
    await post(
      "user.contacts.$contactId.videos.tsx",
      uploadRequest(`${LIST}/${id}/videos`, { name: "v.mp4", content: VIDEO_HEADS.mp4() }, { cookie, fields }),
      { contactId },
    );
    await post(
      "user.contacts.$contactId.documents.tsx",
      uploadRequest(`${LIST}/${id}/documents`, { name: "d.pdf", content: DOCUMENT_HEADS.pdf() }, { cookie, fields }),
      { contactId },
    );
    await post("user.contacts.$contactId.profile-image.ts", uploadRequest(`${LIST}/${id}/profile-image`, image, { cookie, fields }), { contactId });
    await post("user.ajax.file_upload.invite_image.ts", uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${id}`, image, { cookie, fields }));
    await post(
      "user.contacts.import._index.tsx",
      uploadRequest(
        `${LIST}/import`,
        { name: "c.csv", content: Buffer.from("Name,E-mail\nIda Import,ida@example.com\n"), type: "text/csv" },
        { cookie, fields },
      ),
    );
    await post("user.contacts.$contactId.category.$kind.tsx", postRequest(`${LIST}/${id}/category/my`, { csrf: "x", new_label: "Olga's circle" }, cookie), {
      contactId,
      kind: "my",
    });
    const one = async <T>(query: Promise<T | undefined>) => (await query)!;
    const card = await one(db.selectFrom("business_cards").select("id").where("contact_id", "=", id).executeTakeFirst());
    const video = await one(db.selectFrom("contact_files").select("id").where("contact_id", "=", id).where("kind", "=", "video").executeTakeFirst());
    const document = await one(db.selectFrom("contact_files").select("id").where("contact_id", "=", id).where("kind", "=", "document").executeTakeFirst());
    const pending = await one(db.selectFrom("contact_imports").select("id").where("owner_id", "=", owner.id).executeTakeFirst());
    const label = await one(db.selectFrom("contact_labels").select("id").where("owner_id", "=", owner.id).executeTakeFirst());
    return { id, card: card.id, video: video.id, document: document.id, importId: pending.id, label: label.id };
  }

  async function ownerState(ownerId: number) {
    const contacts = await db.selectFrom("contacts").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute();
    const ids = contacts.map((contact) => contact.id);
    return {
      contacts,
      cards: await db.selectFrom("business_cards").selectAll().where("contact_id", "in", ids).orderBy("id").execute(),
      attached: await db.selectFrom("contact_files").selectAll().where("contact_id", "in", ids).orderBy("id").execute(),
      files: await db.selectFrom("files").select(["id", "token"]).where("owner_id", "=", ownerId).orderBy("id").execute(),
      imports: await db.selectFrom("contact_imports").select(["id", "status"]).where("owner_id", "=", ownerId).orderBy("id").execute(),
      invitations: await db.selectFrom("invitations").selectAll().where("owner_id", "=", ownerId).orderBy("id").execute(),
      labels: await db.selectFrom("contact_label_assignments").selectAll().where("contact_id", "in", ids).execute(),
      labelNames: await db.selectFrom("contact_labels").select(["id", "name"]).where("owner_id", "=", ownerId).orderBy("id").execute(),
    };
  }

  test("another member gets 404 from each (or is sent to a page of their own), and nothing changes", async () => {
    const owner = await createSignedInMember({ name: "Olive Owner" });
    const intruder = await createSignedInMember({ name: "Ivan Intruder" });
    const own = await furnishedContact(owner);
    const before = await ownerState(owner.id);
    const ids = { contactId: own.id, cardId: own.card, videoId: own.video, documentId: own.document, importId: own.importId, labelId: own.label };
    // Every name an id could go by, in the query and in the form.
    const values = {
      contact_id: String(own.id),
      id: String(own.card),
      video_id: String(own.video),
      is_important: "1",
      name: "Taken Over",
      email: "intruder@example.com",
      company: "Intruder Inc",
      duplicates: "merge",
      column_0: "name",
    };
    const query = `?${new URLSearchParams({ contact_id: values.contact_id, target: "x", thumb: "x" })}`;
    let checked = 0;

    for (const file of files) {
      const expected = EXPECT[file];
      if (expected === "own") continue;
      const module = await load(file);
      const kinds: readonly string[] | [null] = file.includes("$kind")
        ? CATEGORY_KINDS.map((item) => item.kind)
        : file.includes("$upload")
          ? CONTACT_UPLOADS
          : [null];
      for (const kind of kinds) {
        const params: Record<string, string> = {};
        const segments = file
          .replace(/\.tsx?$/, "")
          .split(".")
          .map((segment) => {
            const name = segment.replace(/^\$/, "").replace(/_$/, "");
            if (!segment.startsWith("$")) return segment.replace(/\[|\]/g, "");
            params[name] = name === "kind" || name === "upload" ? kind! : String(ids[name as keyof typeof ids]);
            return params[name];
          });
        const urlPath = `/${segments.join("/")}`;
        const label = `${file}${kind ? ` (${kind})` : ""}`;

        expect(Boolean(module.loader), `${label} loader`).toBe(Boolean(expected.loader));
        if (module.loader) {
          const response = await settle(() => module.loader!(routeArgs(getRequest(`${urlPath}${query}`, intruder.cookie), params)));
          if (expected.loader === "404") expect(response.status, `${label} GET`).toBe(404);
          else {
            expect(response.status, `${label} GET`).toBe(302);
            expect(response.headers.get("Location"), `${label} GET`).not.toContain(String(own.id));
          }
          expect(await response.text(), `${label} GET`).not.toContain("Olga");
          checked += 1;
        }
        expect(Boolean(module.action), `${label} action`).toBe(Boolean(expected.action));
        if (module.action) {
          const upload =
            expected.upload === "video"
              ? { name: "x.mp4", content: VIDEO_HEADS.mp4() }
              : expected.upload === "image"
                ? { name: "x.png", content: await png(300, 200), type: "image/png" }
                : null;
          const request = expected.upload
            ? uploadRequest(`${urlPath}${query}`, upload, { cookie: intruder.cookie, fields: { csrf: "x", ...values } })
            : postRequest(`${urlPath}${query}`, { csrf: "x", ...values }, intruder.cookie);
          const response = await settle(() => module.action!(routeArgs(request, params)));
          expect(response.status, `${label} POST`).toBe(404);
          expect(await response.text(), `${label} POST`).not.toContain("Olga");
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);

    // Every file of the contact (card and its crop, video, document, profile image,
    // invitation image), original and thumbnail: 404 for the intruder, there for the owner.
    expect(before.files.length).toBeGreaterThanOrEqual(6);
    for (const { token } of before.files) {
      for (const url of [`/user/files/${token}`, `/user/files/${token}?variant=thumbnail`]) {
        const theirs = await settle(() => serveFile(routeArgs(getRequest(url, intruder.cookie), { token })));
        expect(theirs.status, url).toBe(404);
      }
      const mine = await settle(() => serveFile(routeArgs(getRequest(`/user/files/${token}`, owner.cookie), { token })));
      expect(mine.status, token).toBe(200);
    }
    expect(await ownerState(owner.id)).toEqual(before);
    // The intruder kept nothing either: no contact, no file (refused uploads are dropped).
    expect(await db.selectFrom("contacts").select("id").where("owner_id", "=", intruder.id).execute()).toEqual([]);
    expect(await db.selectFrom("files").select("id").where("owner_id", "=", intruder.id).execute()).toEqual([]);
    expect(await mailsTo("intruder@example.com")).toBe(0);

    // The owner reaches the same routes (a few, to show the ids above were the right ones).
    const mine = await settle(() =>
      load("user.contacts.$contactId.business-cards.$cardId.delete.tsx").then((module) =>
        module.loader!(
          routeArgs(getRequest(`${LIST}/${own.id}/business-cards/${own.card}/delete`, owner.cookie), { contactId: String(own.id), cardId: String(own.card) }),
        ),
      ),
    );
    expect(mine.status).toBe(200);
    for (const file of [
      "user.contacts.view.$contactId.ts",
      "user.documents.load_model.ts",
      "user.contact.my-category.ts",
      "user.contacts.update_chapter_head.ts",
    ]) {
      const response = await settle(() =>
        load(file).then((module) => module.loader!(routeArgs(getRequest(`/x${query}`, owner.cookie), { contactId: String(own.id) }))),
      );
      expect(response.status, file).toBe(302);
      expect(response.headers.get("Location"), file).toContain(String(own.id));
    }
  });
});
