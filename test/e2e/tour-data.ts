import path from "node:path";
import { inject } from "vitest";
import { DOCUMENT_HEADS, png, VIDEO_HEADS } from "../fixtures/files";

/**
 * What the tour (tour.test.ts) needs to show every page filled in: the demo data (five
 * members, friendships, posts, an event, an offer) and, for its first member, one of every
 * other thing a page or dialog shows. Written with the features' own functions into the e2e
 * server's database, as scripts/seed-demo.ts does: much faster than through the forms, and
 * the same rules.
 */

/** Points the app's modules at the e2e server's data folder; call before importing them. */
export function useServerData() {
  const dataDir = inject("e2eDataDir");
  process.env.DATA_DIR = dataDir;
  process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL ?? "";
  process.env.SMTP_URL = "";
  process.env.STRIPE_SECRET_KEY = "";
  // The shared server's bank account (global-server.ts): its members can pay by transfer.
  process.env.BANK_IBAN = "GB33BUKB20201555555555";
}

/** A file as the upload forms receive it, stored the way they store it. */
async function stored(kind: Parameters<typeof import("~/lib/uploads.server").receiveUpload>[1]["kind"], ownerId: number, name: string, content: Buffer) {
  const { receiveUpload } = await import("~/lib/uploads.server");
  const body = new FormData();
  body.append("file", new Blob([new Uint8Array(content)]), name);
  const result = await receiveUpload(new Request("http://tour.local/upload", { method: "POST", body }), { kind, ownerId });
  if (!result.ok || !result.file) throw new Error(`Storing ${name} failed: ${result.ok ? "no file" : result.error.message}`);
  return { file: result.file, source: result.source };
}

export const LONG_EMAIL = "oluwaseun.adebayo-okonkwo.partnerships@international-logistics-consortium.example.com";

export async function seedTour(origin: string) {
  useServerData();
  const { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } = await import("../../scripts/demo-data");
  const { db } = await import("~/lib/db.server");
  const { memberIdByEmail, createMember } = await import("~/features/members/members.server");
  const { createContact, normalizePhone } = await import("~/features/contacts/contacts.server");
  const { ContactSchema } = await import("~/features/contacts/schema");
  const { replaceContactPhoto } = await import("~/features/contacts/contact-photo.server");
  const { addBusinessCard } = await import("~/features/contacts/business-cards.server");
  const { addContactFile } = await import("~/features/contacts/contact-files.server");
  const { setContactLabels, labelsOf } = await import("~/features/contacts/categories.server");
  const { startImport, runImport } = await import("~/features/contacts/import.server");
  const { createEvent, listEvents } = await import("~/features/events/events.server");
  const { EventSchema } = await import("~/features/events/schema");
  const { findEvent, issueTicket, listEventTickets } = await import("~/features/tickets/tickets.server");
  const { buyTicket } = await import("~/features/tickets/purchase.server");
  const { inviteMembers, pendingInvitations } = await import("~/features/tickets/invitations.server");
  const { createOffer, addOfferImage, getOwnOffer } = await import("~/features/offers/offers.server");
  const { OfferSchema } = await import("~/features/offers/schema");
  const { listPosts } = await import("~/features/timeline/posts.server");
  const { addComment } = await import("~/features/timeline/comments.server");
  const { react } = await import("~/features/timeline/reactions.server");
  const { sendMessage } = await import("~/features/social/chat.server");
  const { setMemberPhoto } = await import("~/features/members/photos.server");
  const { startMembershipPurchase } = await import("~/features/membership/purchase.server");
  const { findPayment } = await import("~/lib/payments/payments.server");
  const { createAnnouncement } = await import("~/features/announcements/announcements.server");
  const { AnnouncementSchema } = await import("~/features/announcements/schema");
  const { requestPasswordReset } = await import("~/features/members/password-reset.server");
  const { listOutbox } = await import("~/lib/mail.server");
  const { startSession, listSessions } = await import("~/lib/session.server");
  const { createBusiness } = await import("~/features/planning/business.server");
  const { createGoal, createAction, createContent } = await import("~/features/planning/business-goals.server");
  const { BusinessSchema, GoalSchema, ActionSchema, ContentSchema } = await import("~/features/planning/business-schema");
  const { createBigTask } = await import("~/features/planning/big-task.server");
  const { BigTaskSchema } = await import("~/features/planning/big-task-schema");
  const { createWishListItem } = await import("~/features/planning/wish-list.server");
  const { saveJournalEntry } = await import("~/features/journal/journal.server");
  const { createTask, markOccurrence } = await import("~/features/calendar/calendar.server");
  const { TaskSchema } = await import("~/features/calendar/schema");
  const { WishListSchema } = await import("~/features/planning/wish-list-schema");
  const { createTraining, registerForTraining } = await import("~/features/trainings/trainings.server");
  const { TrainingSchema } = await import("~/features/trainings/schema");
  const { createEntrepreneur, createInvestor } = await import("~/features/proposals/entries.server");
  const { connect, connectTerms } = await import("~/features/proposals/connections.server");
  const { addDocument } = await import("~/features/proposals/documents.server");
  const { EntrepreneurSchema, InvestorSchema } = await import("~/features/proposals/schema.server");
  const { createEntry, createLine, setMemberCurrency } = await import("~/features/networth/networth.server");
  const { EntrySchema, IncomeLineSchema, ExpenseLineSchema } = await import("~/features/networth/schema");

  await seedDemo();
  const memberOf = async (email: string) => {
    const id = await memberIdByEmail(email);
    if (id === null) throw new Error(`No member ${email}`);
    const row = await db.selectFrom("users").select(["id", "name", "email", "role"]).where("id", "=", id).executeTakeFirstOrThrow();
    return { ...row, avatarUrl: null, timeZone: "Africa/Lagos" };
  };
  const amara = await memberOf(DEMO_MEMBERS[0].email);
  const daniel = await memberOf(DEMO_MEMBERS[1].email);
  // An open referral Amara received (scripts/demo-referrals.ts): its page shows the follow-up form.
  const { id: referralId } = await db
    .selectFrom("referrals")
    .select("id")
    .where("receiver_id", "=", amara.id)
    .where("status", "in", ["contacted", "meeting_set"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  // The one-to-one Amara is asked to confirm: its page shows Confirm and Decline.
  const { id: oneToOneId } = await db
    .selectFrom("one_to_ones")
    .select("id")
    .where("partner_id", "=", amara.id)
    .where("status", "=", "proposed")
    .executeTakeFirstOrThrow();

  // A contact with everything a contact can have; the long e-mail address must wrap.
  const contactInput = ContactSchema.parse({
    name: "Olúwaseun Adébáyọ̀-Okonkwo",
    email: LONG_EMAIL,
    phone: "+234 803 555 0199",
    country: "NG",
    city: "Lagos",
    occupation: "Head of partnerships",
    meet_place: "Lagos Trade Fair",
  });
  const contactId = await createContact(amara.id, { ...contactInput, phone: normalizePhone(contactInput.phone ?? "", "NG") });
  const photo = await stored("contact_profile_image", amara.id, "seun.png", await png(240, 240, { r: 180, g: 90, b: 40 }));
  await replaceContactPhoto(amara.id, contactId, photo.file);
  const card = await stored("business_card", amara.id, "card.png", await png(600, 400, { r: 240, g: 240, b: 230 }));
  const businessCard = await addBusinessCard(contactId, card.file, null, card.source);
  if (!businessCard.ok) throw new Error(businessCard.message);
  const document = await addContactFile(contactId, "document", (await stored("contact_document", amara.id, "proposal.pdf", DOCUMENT_HEADS.pdf())).file);
  const video = await addContactFile(contactId, "video", (await stored("contact_video", amara.id, "pitch.mp4", VIDEO_HEADS.mp4())).file);
  await setContactLabels(amara.id, contactId, [], "Investors");
  const [label] = await labelsOf(amara.id);

  const csv = (rows: string[]) => new TextEncoder().encode(["name,email", ...rows].join("\n"));
  const doneImport = await startImport(amara.id, "partners.csv", csv(["Imported Partner,imported.partner@example.com"]));
  await runImport(amara.id, doneImport, ["name", "email"], "skip");
  const pendingImport = await startImport(amara.id, "more-partners.csv", csv(["Pending Partner,pending.partner@example.com"]));

  // The member's own event, with a free general and a paid VIP ticket; Daniel holds one.
  const date = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const ownEventId = await createEvent(
    amara.id,
    EventSchema.parse({
      title: "Founders' Breakfast at the Okafor Freight Warehouse",
      description: "Coffee, introductions and a tour of the warehouse floor.",
      start_date: date,
      start_time: "08:00",
      end_date: date,
      end_time: "10:30",
      time_zone: "Africa/Lagos",
      venue: "Okafor Freight, Apapa",
      country: "NG",
      province: "LA",
      city: "Lagos",
      general_capacity: "40",
      general_amount: "",
      vip_capacity: "10",
      vip_amount: "50",
    }),
  );
  const ownEvent = (await findEvent(ownEventId))!;
  const danielsTicket = await buyTicket(daniel, ownEvent, "general", origin);
  if (!danielsTicket.ok) throw new Error(danielsTicket.message);
  const [eventTicket] = await listEventTickets(ownEventId);
  // A ticket sent to the contact, who has no account: its page is public.
  const sent = await issueTicket({
    eventId: ownEventId,
    type: "general",
    contactId,
    holderName: contactInput.name,
    holderEmail: LONG_EMAIL,
    issuedBy: amara.id,
    amountCents: 0,
    status: "issued",
  });
  if (!sent.ok) throw new Error(sent.message);
  // Visitors at the member's own event: one with a long e-mail and business, one Daniel brought.
  const { addVisitor } = await import("~/features/referrals/visitors.server");
  await addVisitor(ownEventId, amara.id, {
    name: "Oluwaseun Adebayo-Okonkwo",
    email: LONG_EMAIL,
    business: "International Logistics Consortium and Partners Limited",
  });
  await addVisitor(ownEventId, daniel.id, { name: "Jonas Becker", email: null, business: "Becker Bau" });

  // A ticket of her own to the demo event, and an invitation to its VIP tickets.
  const { events } = await listEvents(amara.id, { q: "Chapter Members Mixer", when: "upcoming", page: 1 });
  const demoEvent = (await findEvent(events[0].id))!;
  const ticket = await buyTicket(amara, demoEvent, "general", origin);
  if (!ticket.ok || ticket.kind !== "issued") throw new Error("Amara's ticket was not issued");
  await inviteMembers(daniel, demoEvent, [amara.id], "general", origin);
  const [invitation] = await pendingInvitations(amara.id);

  const offerId = await createOffer(
    amara.id,
    OfferSchema.parse({
      title: "Half-price warehousing for members' first month",
      price: "250",
      event_id: String(ownEventId),
      description: "Dry storage in Apapa, forklift included.",
    }),
  );
  const offerImage = await stored("product_image", amara.id, "warehouse.png", await png(640, 400, { r: 60, g: 110, b: 160 }));
  await addOfferImage(offerId, offerImage.file.id);
  const offer = (await getOwnOffer(amara.id, offerId))!;

  const { posts } = await listPosts(amara.id, { authorId: amara.id });
  const postId = posts[0].id;
  const commentId = await addComment(postId, daniel.id, "Congratulations! Let's talk about the second warehouse next week.");
  await react({ type: "comment", postId, commentId }, amara.id, "celebrate");

  await sendMessage(daniel.id, amara.id, "Are you coming to the Members Mixer?");
  await sendMessage(amara.id, daniel.id, "Yes, see you there.");

  await setMemberPhoto(amara.id, "profile", (await stored("profile_image", amara.id, "amara.png", await png(240, 240, { r: 90, g: 60, b: 120 }))).file.id);
  await setMemberPhoto(amara.id, "cover", (await stored("cover_image", amara.id, "cover.png", await png(1200, 400, { r: 20, g: 40, b: 90 }))).file.id);

  const purchase = await startMembershipPurchase(amara, { packageId: "elite", period: "annual", origin });
  if (!purchase.ok) throw new Error(purchase.message);
  const paymentReference = purchase.redirectTo.split("/").pop()!.split("?")[0];
  const payment = (await findPayment({ reference: paymentReference }))!;

  const adminId = (await memberIdByEmail(inject("admin").email))!;
  const announcementId = await createAnnouncement(
    AnnouncementSchema.parse({ message: "The Members Mixer has 20 seats left: book yours today.", linkUrl: "/user/events" }),
    adminId,
  );

  // A member who forgot their password; the link from the outbox opens the reset page.
  const forgetful = {
    name: "Forgetful Tourist",
    email: `forgetful-${Date.now()}@example.com`,
    password: "forgetful password",
    memberType: "investor" as const,
  };
  const forgetfulId = await createMember(forgetful);
  await requestPasswordReset(forgetful.email, origin);
  const resetMail = (await listOutbox()).find((mail) => mail.to === forgetful.email)!;
  const resetPath = new URL(/https?:\/\/\S+/.exec(resetMail.text)![0]).pathname;
  // The weekly digest's link to turn it off (signed with the server's secret, in its data folder).
  const { unsubscribeToken } = await import("~/features/digest/subscription.server");
  const digestPath = `/digest/unsubscribe/${unsubscribeToken(forgetfulId)}`;

  // Planning: a business with a goal, an action and a note; a big task; a wish.
  const year = new Date().getUTCFullYear();
  const businessId = await createBusiness(
    amara.id,
    BusinessSchema.parse({
      name: "Okafor Freight second warehouse",
      description: "A bonded warehouse in Apapa for members' imports.",
      industry: "Logistics",
      website: "https://okafor-freight.example.com",
    }),
  );
  const goalId = await createGoal(
    amara.id,
    businessId,
    GoalSchema.parse({ title: "Raise the seed round", target: "₦400m from two investors", target_date: `${year}-12-20` }),
  );
  const actionId = await createAction(
    amara.id,
    goalId,
    ActionSchema.parse({ title: "Send the deck to Daniel Weber", due_date: `${year}-12-10`, status: "pending" }),
  );
  const contentId = await createContent(
    amara.id,
    actionId,
    ContentSchema.parse({
      noted_on: `${year}-11-20`,
      note: "Daniel asked for the warehouse lease terms before the call.",
      link: "https://okafor-freight.example.com/deck",
    }),
    null,
  );
  const bigTaskId = await createBigTask(
    amara.id,
    BigTaskSchema.parse({
      title: "Open the second warehouse",
      description: "Lease, fit-out, staff.",
      priority: "8",
      year: String(year),
      due_date: `${year}-12-31`,
      status: "pending",
    }),
  );
  const wishId = await createWishListItem(
    amara.id,
    WishListSchema.parse({
      title: "Visit the Port of Rotterdam",
      type: "travel",
      target_year: String(year + 1),
      target_date: "",
      cost: "2500",
      notes: "With the customs broker.",
    }),
    null,
  );
  // This year's wish, so that the wish list page and the home page's Planning card are toured filled in.
  await createWishListItem(
    amara.id,
    WishListSchema.parse({
      title: "Learn to sail a dhow on Lagos lagoon",
      type: "learn",
      target_year: String(year),
      target_date: `${year}-12-15`,
      cost: "180000",
      notes: "Weekend lessons with the harbour club.",
    }),
    null,
  );

  // Net worth: last year and this year, in naira, with every quarter but one given.
  await setMemberCurrency(amara.id, "NGN");
  let netWorthEntryId = 0;
  for (const [offset, scale] of [
    [-1, 1],
    [0, 1.2],
  ] as const) {
    const at = (naira: number) => String(Math.round(naira * scale));
    const entries = [
      { title: "House in Lekki Phase 1", type: "property", q1: at(185_000_000), q2: "", q3: at(192_500_000), q4: at(195_000_000) },
      { title: "Okafor Freight shares", type: "business_equity", q1: at(60_000_000), q2: at(64_000_000), q3: at(61_250_000), q4: at(70_000_000) },
      { title: "Savings at the bank", type: "cash", q1: at(8_450_000.5), q2: at(9_100_000), q3: "", q4: at(12_300_000.75) },
      { title: "Mortgage on the Lekki house", type: "mortgage", q1: at(90_000_000), q2: at(88_750_000), q3: at(87_500_000), q4: at(86_250_000) },
      { title: "Truck loan", type: "loans", q1: at(14_000_000), q2: at(12_500_000), q3: at(11_000_000), q4: "" },
    ];
    for (const entry of entries) {
      const id = await createEntry(amara.id, EntrySchema.parse({ ...entry, year: String(year + offset) }));
      if (offset === 0 && entry.type === "property") netWorthEntryId = id!;
    }
    for (const quarter of ["1", "2", "3", "4"]) {
      await createLine(
        amara.id,
        "income",
        IncomeLineSchema.parse({
          year: String(year + offset),
          quarter,
          category: "business",
          description: "Freight margin",
          amount: at(9_500_000 + Number(quarter) * 400_000),
        }),
      );
      await createLine(
        amara.id,
        "income",
        IncomeLineSchema.parse({ year: String(year + offset), quarter, category: "rental", description: "", amount: at(1_200_000) }),
      );
      await createLine(
        amara.id,
        "expense",
        ExpenseLineSchema.parse({
          year: String(year + offset),
          quarter,
          category: "housing",
          description: "Mortgage payments and upkeep",
          amount: at(3_600_000),
        }),
      );
      await createLine(
        amara.id,
        "expense",
        ExpenseLineSchema.parse({ year: String(year + offset), quarter, category: "taxes", description: "", amount: at(2_150_000.25) }),
      );
    }
  }
  const netWorthLineId = (
    await db.selectFrom("net_worth_lines").select("id").where("member_id", "=", amara.id).where("year", "=", year).orderBy("id").executeTakeFirstOrThrow()
  ).id;

  // A training Amara gives, with Daniel registered (so its page lists who registered).
  const trainingId = await createTraining(
    amara,
    TrainingSchema.parse({
      title: "Customs paperwork for first-time importers",
      description: "Forms, duties and the clearing agent's checklist.",
      trainer_name: "",
      date: `${year + 1}-02-10`,
      start_time: "10:00",
      duration: "90",
      place: "Chapter lounge, Victoria Island, Lagos",
      online_link: "",
      capacity: "12",
    }),
    null,
  );
  const registered = await registerForTraining(daniel.id, trainingId);
  if (!registered.ok) throw new Error("The tour's training registration was refused");

  // A day of Amara's journal, a few paragraphs long.
  const journalDate = `${year}-11-20`;
  await saveJournalEntry(
    amara.id,
    journalDate,
    "Met Daniel Weber at the Chapter lounge: he wants the warehouse lease terms before the call on Friday.\n\nCustoms broker confirmed the bonded licence renewal; inspection booked for the 3rd.\n\nTo do tomorrow: send the deck, call the landlord in Apapa, book the Rotterdam flights.",
  );
  // Her calendar: a daily review from the journal's day, the first one done, and an appointment.
  const calendarTaskId = await createTask(
    amara.id,
    TaskSchema.parse({
      kind: "task",
      title: "Review the day's shipments",
      category: "other",
      new_category: "Operations",
      recurrence: "daily",
      start_date: journalDate,
      start_time: "08:00",
      end_time: "08:30",
      ends: "after",
      occurrence_count: "10",
      priority: "8",
      alert: "1",
    }),
    "Africa/Lagos",
  );
  await markOccurrence(amara.id, calendarTaskId, journalDate, "completed");
  await createTask(
    amara.id,
    TaskSchema.parse({
      kind: "appointment",
      title: "Landlord in Apapa",
      start_date: journalDate,
      start_time: "14:00",
      end_time: "15:00",
      priority: "5",
      place: "Apapa Wharf Road 12",
      person: "Mr Bello",
      description: "Lease terms for the second warehouse.",
    }),
    "Africa/Lagos",
  );
  const calendarOccurrence = `${calendarTaskId}-${journalDate.slice(0, 8)}21`;
  // Proposals: Amara seeks a loan and offers one; Daniel too, and he connects on her venture
  // (so she has a connection to answer, and the connect dialogs have a proposal to choose).
  const venture = (fields: Record<string, string>) =>
    EntrepreneurSchema.parse({ sector: "logistics", term_months: "24", rate: "14", country: "NG", ...fields });
  const fund = (fields: Record<string, string | string[]>) =>
    InvestorSchema.parse({ sectors: ["logistics", "agriculture"], term_months: "36", rate: "12", countries: ["NG", "GH"], ...fields });
  const amaraVentureId = await createEntrepreneur(
    amara.id,
    venture({
      business_name: "Okafor Freight",
      amount: "45000",
      purpose: "Fit-out of the second bonded warehouse in Apapa: racking, forklifts and the customs office.",
    }),
  );
  const ventureFile = await stored("proposal_document", amara.id, "warehouse-plan.pdf", DOCUMENT_HEADS.pdf());
  await addDocument(amaraVentureId, ventureFile.file.id);
  const ventureDocumentId = (await db.selectFrom("entrepreneur_documents").select("id").where("file_id", "=", ventureFile.file.id).executeTakeFirstOrThrow())
    .id;
  const amaraFundId = await createInvestor(amara.id, fund({ amount: "80000", min_ticket: "5000", max_ticket: "20000" }));
  const danielVentureId = await createEntrepreneur(
    daniel.id,
    venture({
      business_name: "Weber Solar Kits",
      sector: "energy",
      amount: "30000",
      purpose: "Stock of 400 home solar kits for the harmattan season.",
      country: "GH",
    }),
  );
  const danielFundId = await createInvestor(daniel.id, fund({ amount: "250000", min_ticket: "20000", max_ticket: "100000", countries: [] }));
  const shown = await connectTerms(daniel.id, "investor", danielFundId, amaraVentureId);
  const connected = await connect(
    daniel,
    "investor",
    danielFundId,
    amaraVentureId,
    "The warehouse fits my book: can we talk about a 24-month ticket of 45,000?",
    shown?.hash ?? null,
  );
  if (!connected.ok) throw new Error("The tour's proposal connection was refused");

  // Signed in on another device too, so the security page lists a session to sign out.
  const tablet = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1";
  await startSession(new Request(`${origin}/signin`, { headers: { "User-Agent": tablet } }), amara.id, { redirectTo: "/user", clientIp: "10.0.0.7" });
  const otherSessionId = (await listSessions(amara.id)).find((session) => session.user_agent === tablet)!.id;

  // A member with two-factor sign-in on: the tour signs in as them with a recovery code.
  const { enableTwoFactor, newTotpSecret } = await import("~/features/members/two-factor.server");
  const { Secret, TOTP } = await import("otpauth");
  const twoFactorEmail = "tomas.twofactor@demo.chapter";
  const twoFactorId = await createMember({ name: "Tomás Okafor", email: twoFactorEmail, password: DEMO_PASSWORD, memberType: "investor" });
  const twoFactorKey = newTotpSecret();
  const recoveryCodes = await enableTwoFactor(twoFactorId, twoFactorKey, TOTP.generate({ secret: Secret.fromBase32(twoFactorKey) }));
  if (!Array.isArray(recoveryCodes)) throw new Error("The tour's two-factor member was refused");

  return {
    twoFactor: { id: twoFactorId, email: twoFactorEmail, recoveryCodes },
    businessId,
    goalId,
    actionId,
    contentId,
    bigTaskId,
    wishId,
    netWorthEntryId,
    netWorthLineId,
    trainingId,
    journalDate,
    calendarTaskId,
    calendarOccurrence,
    amaraVentureId,
    amaraFundId,
    danielVentureId,
    danielFundId,
    connectionId: connected.connectionId,
    ventureDocumentId,
    otherSessionId,
    password: DEMO_PASSWORD,
    amara,
    daniel,
    contactId,
    businessCardId: businessCard.file.id,
    documentId: document.id,
    videoId: video.id,
    labelId: label.id,
    doneImport,
    pendingImport,
    ownEventId,
    eventTicketId: eventTicket.id,
    ticketCode: ticket.code,
    sentTicketCode: sent.ticket.code,
    invitationId: invitation.id,
    offerId,
    offerImageId: offerImage.file.id,
    publicOfferPath: offer.publicPath!,
    postId,
    commentId,
    paymentReference,
    paymentId: payment.id,
    announcementId,
    resetPath,
    digestPath,
    outboxMessageId: resetMail.id,
    referralId,
    oneToOneId,
  };
}

export type TourData = Awaited<ReturnType<typeof seedTour>>;
