import { expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { getMember } from "~/lib/session.server";
import { createSignedInMember, getRequest, postRequest } from "./helpers";

// The root, /user layout and page loaders of one page all ask who the member is: a GET looks
// it up once; an action's request (which may change the member) always looks again.

test("the loaders of one GET share one lookup of the member, each with its own copy", async () => {
  const member = await createSignedInMember({ name: "Once Only" });
  const request = getRequest("/user", member.cookie);
  const first = await getMember(request);
  await db.updateTable("users").set({ name: "Renamed Meanwhile" }).where("id", "=", member.id).execute();
  const second = await getMember(request);
  expect(second).toEqual(first);
  expect(second).not.toBe(first);
  second!.name = "changed by a caller";
  expect((await getMember(request))!.name).toBe("Once Only");
  // The next request sees the change.
  expect((await getMember(getRequest("/user", member.cookie)))!.name).toBe("Renamed Meanwhile");
});

test("an action's request looks the member up every time", async () => {
  const member = await createSignedInMember({ name: "Before Action" });
  const request = postRequest("/user/settings", {}, member.cookie);
  expect((await getMember(request))!.name).toBe("Before Action");
  await db.updateTable("users").set({ name: "After Action" }).where("id", "=", member.id).execute();
  expect((await getMember(request))!.name).toBe("After Action");
});
