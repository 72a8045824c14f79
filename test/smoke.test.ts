import { expect, test } from "vitest";
import { loader as home } from "~/routes/home/user._index";
import { createSignedInMember, getRequest, routeArgs, settle } from "./helpers";

test("harness: a signed-in member sees their home page, a visitor is sent to sign in", async () => {
  const member = await createSignedInMember({ name: "Grace" });
  const ok = await settle(() => home(routeArgs(getRequest("/user", member.cookie))));
  expect(ok.status).toBe(200);
  expect((await ok.json()).profile.name).toBe("Grace");
  const anonymous = await settle(() => home(routeArgs(getRequest("/user?tab=1"))));
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%3Ftab%3D1");
});
