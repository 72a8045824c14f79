import { describe, expect, test } from "vitest";
import { notify, unreadCounts } from "~/features/notifications/notifications.server";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { action as addAction } from "~/routes/spec/user.ajax.add-friend-request";
import { loader as notificationsLoader } from "~/routes/social/user.notifications";
import { action as settingsAction, loader as settingsLoader } from "~/routes/settings/user.settings.notifications";
import { loader as memberAreaLoader } from "~/routes/shell/user";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle } from "./helpers";

async function emailSetting(memberId: number) {
  const row = await db.selectFrom("users").select("email_notifications").where("id", "=", memberId).executeTakeFirstOrThrow();
  return row.email_notifications;
}

describe("e-mail notification preference", () => {
  test("a member turns the e-mails off and on again; in-app notifications keep coming", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    const page = await settle(() => settingsLoader(routeArgs(getRequest("/user/settings/notifications", bo.cookie))));
    expect(await page.json()).toEqual({ email: bo.email, emailNotifications: true, weeklyDigest: true, digestDay: "Monday" });

    // Unticked: only the hidden 0 is sent.
    let response = await settle(() => settingsAction(routeArgs(postRequest("/user/settings/notifications", { email_notifications: "0" }, bo.cookie))));
    expect(response.headers.get("Location")).toBe("/user/settings/notifications");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Notifications are no longer e-mailed to you." });
    expect(await emailSetting(bo.id)).toBe(0);

    await settle(() => addAction(routeArgs(postRequest("/user/ajax/add-friend-request", { friend_user_id: String(bo.id) }, ana.cookie))));
    expect(await listOutbox()).toEqual([]);
    expect((await unreadCounts(bo.id)).notifications).toBe(1);

    // Ticked: the hidden 0 and the box's 1.
    const body = new URLSearchParams([
      ["email_notifications", "0"],
      ["email_notifications", "1"],
    ]);
    const request = new Request("http://chapter.test/user/settings/notifications", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: bo.cookie },
    });
    response = await settle(() => settingsAction(routeArgs(request)));
    expect(await flashOf(response)).toEqual({ type: "success", message: "Notifications are e-mailed to you again." });
    expect(await emailSetting(bo.id)).toBe(1);
    await notify({ memberId: bo.id, kind: "test", message: "Hello", email: { subject: "Hello Bo", text: "Hi" } });
    expect((await listOutbox()).map((mail) => mail.subject)).toEqual(["Hello Bo"]);
  });

  test("a value other than 0 or 1 is refused with 400 and changes nothing", async () => {
    const bo = await createSignedInMember();
    const response = await settle(() => settingsAction(routeArgs(postRequest("/user/settings/notifications", { email_notifications: "yes" }, bo.cookie))));
    expect(response.status).toBe(400);
    expect(await emailSetting(bo.id)).toBe(1);
  });
});

describe("notifications page and header counts", () => {
  test("the page lists my notifications newest first and marks them read; the header count follows", async () => {
    const bo = await createSignedInMember();
    const other = await createSignedInMember();
    await notify({ memberId: bo.id, kind: "a", message: "First" });
    await notify({ memberId: bo.id, kind: "b", message: "Second", linkPath: "/user/friends" });
    await notify({ memberId: other.id, kind: "c", message: "Not Bo's" });

    const area = async (cookie: string) =>
      ((await (await settle(() => memberAreaLoader(routeArgs(getRequest("/user", cookie))))).json()) as { unread: { notifications: number; chat: number } })
        .unread;
    expect(await area(bo.cookie)).toEqual({ notifications: 2, chat: 0 });
    // On the notifications page itself (which reads them) the badge is gone already.
    expect(await unreadCounts(bo.id, new URL("http://chapter.test/user/notifications?_data=routes%2Fuser"))).toEqual({ notifications: 0, chat: 0 });

    const response = await settle(() => notificationsLoader(routeArgs(getRequest("/user/notifications", bo.cookie))));
    const { notifications } = (await response.json()) as { notifications: { message: string; readAt: string | null; linkPath: string | null }[] };
    // Shown as new on this visit…
    expect(notifications.map((n) => [n.message, n.readAt, n.linkPath])).toEqual([
      ["Second", null, "/user/friends"],
      ["First", null, null],
    ]);
    // …and read from now on, for Bo only.
    expect(await area(bo.cookie)).toEqual({ notifications: 0, chat: 0 });
    expect(await area(other.cookie)).toEqual({ notifications: 1, chat: 0 });
  });
});
