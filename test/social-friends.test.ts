import { describe, expect, test } from "vitest";
import { listNotifications } from "~/features/notifications/notifications.server";
import { relationship } from "~/features/social/friendship.server";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { action as acceptAction } from "~/routes/spec/user.ajax.accept_friend_request";
import { action as addAction, loader as addLoader } from "~/routes/spec/user.ajax.add-friend-request";
import { action as cancelAction } from "~/routes/spec/user.ajax.cancel-friend-request";
import { action as declineAction } from "~/routes/spec/user.ajax.decline_friend_request";
import { loader as friendsLoader } from "~/routes/social/user.friends";
import { loader as memberPageLoader } from "~/routes/social/user.members.$memberId";
import { action as unfriendAction, loader as unfriendLoader } from "~/routes/social/user.friends.$memberId.unfriend";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

type Call = typeof addAction;

function call(action: Call, from: TestMember, friendUserId: number | string, headers: Record<string, string> = {}) {
  const request = postRequest("/user/ajax/x", { friend_user_id: String(friendUserId) }, from.cookie);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return settle(() => action(routeArgs(request)));
}

async function json(action: Call, from: TestMember, to: number | string) {
  const response = await call(action, from, to, { Accept: "application/json" });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { type: string; message: string }) : null };
}

async function friendshipRows() {
  return db.selectFrom("friendships").select(["requester_id", "addressee_id", "status"]).orderBy("id").execute();
}

describe("friend requests", () => {
  test("send, cancel, send again, accept: the state machine and its answers", async () => {
    const ana = await createSignedInMember({ name: "Ana Asker" });
    const bo = await createSignedInMember({ name: "Bo Buddy" });

    let answer = await json(addAction, ana, bo.id);
    expect(answer).toEqual({ status: 200, body: expect.objectContaining({ type: "success", message: "Friend request sent to Bo Buddy." }) });
    expect(await relationship(ana.id, bo.id)).toBe("sent");
    expect(await relationship(bo.id, ana.id)).toBe("received");

    // Asking twice changes nothing.
    answer = await json(addAction, ana, bo.id);
    expect(answer.body?.message).toBe("You have already sent Bo Buddy a friend request.");
    expect(await friendshipRows()).toHaveLength(1);

    answer = await json(cancelAction, ana, bo.id);
    expect(answer.body?.message).toBe("Friend request to Bo Buddy cancelled.");
    expect(await relationship(ana.id, bo.id)).toBe("none");
    // Cancelling again is fine too.
    expect((await json(cancelAction, ana, bo.id)).status).toBe(200);

    await json(addAction, ana, bo.id);
    answer = await json(acceptAction, bo, ana.id);
    expect(answer.body?.message).toBe("You and Ana Asker are now friends.");
    expect(await relationship(ana.id, bo.id)).toBe("friends");
    expect(await relationship(bo.id, ana.id)).toBe("friends");
    // Accepting again, or asking a friend, changes nothing.
    expect((await json(acceptAction, bo, ana.id)).body?.message).toBe("You and Ana Asker are already friends.");
    expect((await json(addAction, ana, bo.id)).body?.message).toBe("You and Bo Buddy are already friends.");
    // A cancel after acceptance does not end the friendship.
    await json(cancelAction, ana, bo.id);
    expect(await relationship(ana.id, bo.id)).toBe("friends");
    expect(await friendshipRows()).toEqual([{ requester_id: ana.id, addressee_id: bo.id, status: "accepted" }]);
  });

  test("a member's page shows the viewer's friendship with them (the friend button's state)", async () => {
    const ana = await createSignedInMember({ name: "Ana Asker" });
    const bo = await createSignedInMember({ name: "Bo Buddy" });
    const page = async (viewer: TestMember, member: TestMember) => {
      const response = await settle(() =>
        memberPageLoader(routeArgs(getRequest(`/user/members/${member.id}`, viewer.cookie), { memberId: String(member.id) })),
      );
      return ((await response.json()) as { friendship: string | null }).friendship;
    };
    expect(await page(ana, ana)).toBeNull();
    expect(await page(ana, bo)).toBe("none");
    await json(addAction, ana, bo.id);
    expect(await page(ana, bo)).toBe("sent");
    expect(await page(bo, ana)).toBe("received");
    await json(acceptAction, bo, ana.id);
    expect(await page(ana, bo)).toBe("friends");
  });

  test("asking someone who already asked you accepts their request", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    await json(addAction, ana, bo.id);
    const answer = await json(addAction, bo, ana.id);
    expect(answer.body?.message).toBe("You and Ana are now friends.");
    expect(await friendshipRows()).toEqual([{ requester_id: ana.id, addressee_id: bo.id, status: "accepted" }]);
  });

  test("declining removes the request; the asker may ask again", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    await json(addAction, ana, bo.id);
    expect((await json(declineAction, bo, ana.id)).body?.message).toBe("You declined Ana's friend request.");
    expect(await relationship(ana.id, bo.id)).toBe("none");
    expect((await json(declineAction, bo, ana.id)).status).toBe(200);
    await json(addAction, ana, bo.id);
    expect(await relationship(bo.id, ana.id)).toBe("received");
  });

  test("accepting without a request answers 404 and makes nobody friends", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    expect((await json(acceptAction, bo, ana.id)).status).toBe(404);
    // Only the addressee can accept: the asker cannot accept their own request.
    await json(addAction, ana, bo.id);
    expect((await json(acceptAction, ana, bo.id)).status).toBe(404);
    expect(await relationship(ana.id, bo.id)).toBe("sent");
  });

  test("no request to oneself, a disabled, an unknown or a malformed member: 404", async () => {
    const ana = await createSignedInMember();
    const gone = await createSignedInMember();
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", gone.id).execute();
    for (const action of [addAction, cancelAction, acceptAction, declineAction]) {
      for (const target of [ana.id, gone.id, 999_999, "abc", "", "1e3"]) {
        expect((await call(action, ana, target)).status, `${target}`).toBe(404);
      }
    }
    expect(await friendshipRows()).toEqual([]);
  });

  test("without JS the call redirects back with the notification (PRG); a GET goes to the friends page", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember({ name: "Bo Back" });
    const request = postRequest("/user/ajax/add-friend-request", { friend_user_id: String(bo.id) }, ana.cookie);
    request.headers.set("Referer", "http://chapter.test/user/search?q=bo");
    const response = await settle(() => addAction(routeArgs(request)));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/search?q=bo");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Friend request sent to Bo Back." });

    const get = await settle(() => addLoader(routeArgs(getRequest("/user/ajax/add-friend-request", ana.cookie))));
    expect(get.headers.get("Location")).toBe("/user/friends");
  });

  test("the friends page lists friends, requests to me and my requests", async () => {
    const me = await createSignedInMember({ name: "Me" });
    const friend = await createSignedInMember({ name: "Fay Friend" });
    const asker = await createSignedInMember({ name: "Ash Asker" });
    const asked = await createSignedInMember({ name: "Ada Asked" });
    const stranger = await createSignedInMember({ name: "Stan Stranger" });
    await json(addAction, friend, me.id);
    await json(acceptAction, me, friend.id);
    await json(addAction, asker, me.id);
    await json(addAction, me, asked.id);
    await json(addAction, stranger, asked.id);

    const page = (await (await settle(() => friendsLoader(routeArgs(getRequest("/user/friends", me.cookie))))).json()) as Record<
      string,
      { id: number; name: string }[]
    >;
    expect(page.friends.map((person) => person.name)).toEqual(["Fay Friend"]);
    expect(page.received.map((person) => person.name)).toEqual(["Ash Asker"]);
    expect(page.sent.map((person) => person.name)).toEqual(["Ada Asked"]);
  });

  test("unfriend asks first, then ends the friendship; a non-friend gets 404", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember({ name: "Bo Gone" });
    const other = await createSignedInMember();
    await json(addAction, bo, ana.id);
    await json(acceptAction, ana, bo.id);

    const confirm = await settle(() => unfriendLoader(routeArgs(getRequest(`/user/friends/${bo.id}/unfriend`, ana.cookie), { memberId: String(bo.id) })));
    expect(await confirm.json()).toEqual({ name: "Bo Gone" });
    for (const [who, target] of [
      [other, bo.id],
      [ana, other.id],
      [ana, ana.id],
    ] as const) {
      const args = routeArgs(postRequest(`/user/friends/${target}/unfriend`, {}, who.cookie), { memberId: String(target) });
      expect((await settle(() => unfriendAction(args))).status).toBe(404);
      expect((await settle(() => unfriendLoader(routeArgs(getRequest("/", who.cookie), { memberId: String(target) })))).status).toBe(404);
    }
    expect(await relationship(ana.id, bo.id)).toBe("friends");

    const response = await settle(() => unfriendAction(routeArgs(postRequest("/", {}, ana.cookie), { memberId: String(bo.id) })));
    expect(response.headers.get("Location")).toBe("/user/friends");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Bo Gone is no longer your friend." });
    expect(await relationship(bo.id, ana.id)).toBe("none");
  });
});

describe("friend notifications", () => {
  test("a request and its acceptance notify in the app and by e-mail", async () => {
    const ana = await createSignedInMember({ name: "Ana Notifier" });
    const bo = await createSignedInMember({ name: "Bo Notified" });
    await json(addAction, ana, bo.id);
    expect(await listNotifications(bo.id)).toEqual([
      expect.objectContaining({
        kind: "friend_request",
        message: "Ana Notifier sent you a friend request.",
        linkPath: "/user/friends#friend-requests",
        readAt: null,
      }),
    ]);
    let mail = await listOutbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: bo.email, subject: "Ana Notifier wants to be your friend on Chapter" });
    // Both lead to the list of requests, each with Accept and Decline.
    expect(mail[0].text).toContain("Accept or decline it here: http://chapter.test/user/friends#friend-requests\n");

    // Asking again sends nothing more; a cancelled request takes its unseen notification along.
    await json(addAction, ana, bo.id);
    expect(await listNotifications(bo.id)).toHaveLength(1);
    await json(cancelAction, ana, bo.id);
    expect(await listNotifications(bo.id)).toEqual([]);
    await json(addAction, ana, bo.id);
    expect(await listNotifications(bo.id)).toHaveLength(1);

    await json(acceptAction, bo, ana.id);
    expect(await listNotifications(ana.id)).toEqual([
      expect.objectContaining({ kind: "friend_accepted", message: "Bo Notified accepted your friend request." }),
    ]);
    mail = await listOutbox();
    expect(mail.map((message) => message.subject)).toContain("Bo Notified accepted your friend request");
    expect(mail.filter((message) => message.to === ana.email)).toHaveLength(1);
  });
});
