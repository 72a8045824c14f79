import fs from "node:fs";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";

// A real SMTP server, reached through SMTP_URL as a club's mail server would be. env() reads
// process.env once, on first use, so the server starts before any app module is imported.
const smtp = await vi.hoisted(async () => {
  const { startSmtpServer } = await import("./smtp");
  const server = await startSmtpServer();
  process.env.SMTP_URL = server.url;
  process.env.MAIL_FROM = "Harbour Chapter <club@harbour.example>";
  return server;
});

import { sendExpiryReminders } from "~/features/membership/membership.server";
import { db } from "~/lib/db.server";
import { outboxDir, sendMail } from "~/lib/mail.server";
import { createPayment, settlePayment } from "~/lib/payments/payments.server";
import { forget } from "~/lib/remember.server";
import { loader as resetLoader } from "~/routes/accounts/reset-password.$token";
import { action as forgotAction } from "~/routes/accounts/signin.forgot-password";
import { loader as signupLoader } from "~/routes/accounts/signup";
import * as inviteDialogModule from "~/routes/contacts/user.contacts.$contactId.invite";
import * as sendTicketModule from "~/routes/contacts/user.contacts.$contactId.ticket";
import * as inviteToEventModule from "~/routes/events/user.events_.$eventId.invite";
import * as addFriendModule from "~/routes/spec/user.ajax.add-friend-request";
import * as acceptFriendModule from "~/routes/spec/user.ajax.accept_friend_request";
import * as inviteImageModule from "~/routes/spec/user.ajax.file_upload.invite_image";
import * as publicTicketModule from "~/routes/tickets/ticket.$code";
import * as ticketInvitationModule from "~/routes/tickets/user.tickets.invitations.$invitationId";
import { sendWeeklyDigests } from "~/features/digest/digest.server";
import { loader as unsubscribeLoader } from "~/routes/accounts/digest.unsubscribe.$token";
import { clubSends, nextMondayNoon } from "./digest-fixtures";
import { createEvent, ticketsOf } from "./event-fixtures";
import { png, uploadRequest } from "./fixtures/files";
import { BASE, contactOf, createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";
import { linksIn, type ReceivedMail } from "./smtp";

afterEach(() => {
  smtp.received.length = 0;
});

afterAll(async () => {
  forget("smtp");
  await smtp.close();
});

/** The one message that arrived since the test began. */
function onlyMessage(): ReceivedMail {
  expect(smtp.received).toHaveLength(1);
  return smtp.received[0];
}

/** What every mail of the app carries: sent by MAIL_FROM to one member or contact, with a
 * date and an id, as plain text and no attachment, over the encrypted, logged-in session. */
function expectWellFormed(mail: ReceivedMail, to: string, subject: string) {
  const { parsed } = mail;
  expect(mail.user).toBe("chapter");
  expect(mail.secure).toBe(true);
  expect(mail.envelope).toEqual({ from: "club@harbour.example", to: [to] });
  expect(parsed.from?.value).toEqual([{ name: "Harbour Chapter", address: "club@harbour.example" }]);
  expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((address) => address.address) : null).toEqual([to]);
  expect(parsed.subject).toBe(subject);
  expect(parsed.date).toBeInstanceOf(Date);
  expect(Math.abs(parsed.date!.getTime() - Date.now())).toBeLessThan(60_000);
  expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(parsed.headers.get("content-type")).toMatchObject({ value: "text/plain" });
  expect(parsed.html).toBe(false);
  expect(parsed.attachments).toEqual([]);
  // Nothing is kept in the outbox when a mail server is configured.
  expect(fs.existsSync(outboxDir())).toBe(false);
}

/** The message's links: each absolute and on this site. */
function siteLinks(mail: ReceivedMail) {
  const links = linksIn(mail.parsed.text ?? "");
  for (const link of links) expect(new URL(link).origin).toBe(BASE);
  return links.map((link) => new URL(link));
}

describe("mail over SMTP", () => {
  test("a password reset link arrives, and opens the reset page", async () => {
    const member = await createSignedInMember({ name: "Grace Hopper", email: "grace@example.com" });
    const response = await settle(() => forgotAction(routeArgs(postRequest("/signin/forgot-password", { email: "grace@example.com" }))));
    expect(response.status).toBe(302);

    const mail = onlyMessage();
    expectWellFormed(mail, member.email, "Reset your Chapter password");
    expect(mail.parsed.text).toContain("Hello Grace Hopper,");
    const [link, ...others] = siteLinks(mail);
    expect(others).toEqual([]);
    const token = /^\/reset-password\/([\w-]{40,})$/.exec(link.pathname)![1];
    const page = await settle(() => resetLoader(routeArgs(getRequest(link.pathname), { token })));
    expect(page.status).toBe(200);
  });

  test("a contact's invitation arrives as text with its sign-up link (its image stays on the sign-up page)", async () => {
    const owner = await createSignedInMember({ name: "Olivia Owner" });
    const contactId = await contactOf(owner, { name: "Nora Newcomer", email: "nora@example.com" });
    const image = { name: "dinner.png", content: await png(40, 40), type: "image/png" };
    const upload = await settle(() =>
      inviteImageModule.action(
        routeArgs(uploadRequest(`/user/ajax/file_upload/invite_image?contact_id=${contactId}`, image, { cookie: owner.cookie, json: true })),
      ),
    );
    expect(upload.status).toBe(200);

    const path = `/user/contacts/${contactId}/invite`;
    const response = await settle(() =>
      inviteDialogModule.action(
        routeArgs(postRequest(path, { email: "nora@example.com", name: "Nora", message: "See you at the spring dinner!" }, owner.cookie), {
          contactId: String(contactId),
        }),
      ),
    );
    expect(response.status).toBe(302);

    const mail = onlyMessage();
    expectWellFormed(mail, "nora@example.com", "Olivia Owner invites you to join Chapter");
    expect(mail.parsed.text).toContain("Hello Nora,");
    expect(mail.parsed.text).toContain("> See you at the spring dinner!");
    const [link] = siteLinks(mail);
    expect(link.pathname).toBe("/signup");
    const signup = await settle(() => signupLoader(routeArgs(getRequest(`${link.pathname}${link.search}`))));
    const { invitation } = (await signup.json()) as { invitation: { valid: boolean; imageUrl: string | null } };
    expect(invitation).toMatchObject({ valid: true, imageUrl: expect.any(String) });
  });

  test("a ticket sent to a contact arrives with its code and the link to its QR code", async () => {
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const eventId = await createEvent(organiser.id, { title: "Harbour Gala", vip_capacity: 5, vip_amount_cents: 12000 });
    const contactId = await contactOf(organiser, { name: "Carla Contact", email: "carla@example.com" });

    const response = await settle(() =>
      sendTicketModule.action(
        routeArgs(postRequest(`/user/contacts/${contactId}/ticket`, { event_id: String(eventId), ticket_type: "vip" }, organiser.cookie), {
          contactId: String(contactId),
        }),
      ),
    );
    expect(response.status).toBe(302);
    const [ticket] = await ticketsOf(eventId);

    const mail = onlyMessage();
    expectWellFormed(mail, "carla@example.com", "Your ticket: Harbour Gala");
    expect(mail.parsed.text).toContain("Olga Organiser sends you a VIP ticket to Harbour Gala.");
    expect(mail.parsed.text).toContain(`Code: ${ticket.code}`);
    const [link] = siteLinks(mail);
    expect(link.pathname).toBe(`/ticket/${ticket.code}`);
    const page = await settle(() => publicTicketModule.loader(routeArgs(getRequest(link.pathname), { code: ticket.code })));
    expect(page.status).toBe(200);
  });

  test("an invitation to an event arrives with the link to accept or decline it", async () => {
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const guest = await createSignedInMember({ name: "Gus Guest" });
    const eventId = await createEvent(organiser.id, { title: "Harbour Gala" });

    const body = new URLSearchParams({ ticket_type: "general", member_id: String(guest.id) });
    const request = new Request(`${BASE}/user/events/${eventId}/invite`, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: organiser.cookie },
    });
    const response = await settle(() => inviteToEventModule.action(routeArgs(request, { eventId: String(eventId) })));
    expect(response.status).toBe(302);

    const mail = onlyMessage();
    expectWellFormed(mail, guest.email, "Invitation: Harbour Gala");
    expect(mail.parsed.text).toContain("Hello Gus Guest,");
    const [link] = siteLinks(mail);
    const invitationId = /^\/user\/tickets\/invitations\/(\d+)$/.exec(link.pathname)![1];
    const page = await settle(() => ticketInvitationModule.loader(routeArgs(getRequest(link.pathname, guest.cookie), { invitationId })));
    expect(page.status).toBe(200);
  });

  test("a friend request, and its acceptance, arrive with their links", async () => {
    const ana = await createSignedInMember({ name: "Ana Asker" });
    const bo = await createSignedInMember({ name: "Bo Buddy" });
    const call = (action: typeof addFriendModule.action, from: TestMember, to: TestMember) =>
      settle(() => action(routeArgs(postRequest("/user/ajax/x", { friend_user_id: String(to.id) }, from.cookie))));

    await call(addFriendModule.action, ana, bo);
    const request = onlyMessage();
    expectWellFormed(request, bo.email, "Ana Asker wants to be your friend on Chapter");
    expect(siteLinks(request).map((link) => link.pathname + link.hash)).toEqual(["/user/friends#friend-requests", "/user/settings/notifications"]);

    smtp.received.length = 0;
    await call(acceptFriendModule.action, bo, ana);
    const accepted = onlyMessage();
    expectWellFormed(accepted, ana.email, "Bo Buddy accepted your friend request");
    expect(siteLinks(accepted).map((link) => link.pathname)).toEqual([`/user/chat/${bo.id}`, "/user/settings/notifications"]);
  });

  test("a membership reminder arrives", async () => {
    const member = await createSignedInMember({ name: "Rita Renew" });
    const now = new Date("2030-06-01T09:00:00Z");
    const payment = await createPayment({
      memberId: member.id,
      purpose: "membership",
      item: "elite",
      period: "monthly",
      description: "Chapter elite — monthly",
      amountCents: 1000,
      provider: "bank_transfer",
    });
    await settlePayment(payment.id, "paid");
    await db
      .insertInto("memberships")
      .values({
        member_id: member.id,
        package: "elite",
        period: "monthly",
        starts_on: "2030-05-07",
        ends_on: "2030-06-05",
        payment_id: payment.id,
        reminder_sent_at: null,
        created_at: now.toISOString(),
      })
      .execute();

    expect(await sendExpiryReminders(now)).toBe(1);
    const mail = onlyMessage();
    expectWellFormed(mail, member.email, "Your Chapter membership ends soon");
    expect(mail.parsed.text).toContain("Hello Rita Renew,");
    expect(mail.parsed.text).toContain("ends on 2030-06-05.");
  });
});

describe("the weekly digest over SMTP", () => {
  test("arrives as text with its links and an unsubscribe link that works without signing in", async () => {
    const reader = await createSignedInMember({ name: "Rita Reader" });
    const quiet = await createSignedInMember({ name: "Quentin Quiet" });
    await db.updateTable("users").set({ weekly_digest: 0 }).where("id", "=", quiet.id).execute();
    await clubSends("monday", { origin: BASE });
    expect(await sendWeeklyDigests(nextMondayNoon())).toBe(1);

    const mail = onlyMessage();
    expectWellFormed(mail, reader.email, "This week at Harbour Chapter");
    expect(mail.parsed.text).toContain("Hello Rita Reader,");
    expect(mail.parsed.text).toContain("New members");
    expect(mail.parsed.text).toContain("Quentin Quiet");
    const links = siteLinks(mail);
    expect(links.map((link) => link.pathname)).toContain(`/user/members/${quiet.id}`);
    const unsubscribe = links.find((link) => link.pathname.startsWith("/digest/unsubscribe/"))!;
    expect(mail.parsed.headers.get("list")).toMatchObject({ unsubscribe: { url: unsubscribe.href } });
    const token = unsubscribe.pathname.split("/").pop()!;
    const page = await settle(() => unsubscribeLoader(routeArgs(getRequest(unsubscribe.pathname), { token })));
    expect(page.status).toBe(200);
  });
});

describe("when the mail server refuses a message", () => {
  test("sendMail fails with the server's answer, and nothing goes to the outbox instead", async () => {
    smtp.refuseNext(554, "Message rejected as spam");
    await expect(sendMail({ to: "ada@example.com", subject: "Hello", text: "Hi" })).rejects.toMatchObject({ responseCode: 554 });
    expect(smtp.received).toEqual([]);
    expect(fs.existsSync(outboxDir())).toBe(false);

    // The next message goes through.
    await sendMail({ to: "ada@example.com", subject: "Hello again", text: "Hi" });
    expect(onlyMessage().parsed.subject).toBe("Hello again");
  });

  test("an invitation that could not be mailed keeps the link sent before working", async () => {
    const owner = await createSignedInMember({ name: "Olivia Owner" });
    const contactId = await contactOf(owner, { name: "Nora Newcomer", email: "nora@example.com" });
    const invite = () =>
      settle(() =>
        inviteDialogModule.action(
          routeArgs(postRequest(`/user/contacts/${contactId}/invite`, { email: "nora@example.com" }, owner.cookie), { contactId: String(contactId) }),
        ),
      );
    expect((await invite()).status).toBe(302);
    const [first] = siteLinks(onlyMessage());
    smtp.received.length = 0;
    const before = await db.selectFrom("invitations").selectAll().where("contact_id", "=", contactId).executeTakeFirstOrThrow();

    smtp.refuseNext(451, "Try again later");
    await expect(invite()).rejects.toMatchObject({ responseCode: 451 });

    expect(await db.selectFrom("invitations").selectAll().where("contact_id", "=", contactId).executeTakeFirstOrThrow()).toEqual(before);
    const signup = await settle(() => signupLoader(routeArgs(getRequest(`${first.pathname}${first.search}`))));
    expect(((await signup.json()) as { invitation: { valid: boolean } }).invitation).toMatchObject({ valid: true });
  });
});
