import { calendarDataOf } from "~/features/calendar/calendar.server";
import { exportContacts } from "~/features/contacts/contacts.server";
import { contactsCsv, contactsVcard } from "~/features/contacts/export.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { eventsCalendar } from "~/features/events/ics.server";
import { listJournalEntries } from "~/features/journal/journal.server";
import { netWorthDataOf } from "~/features/networth/networth.server";
import { proposalDataOf } from "~/features/proposals/export.server";
import { referralDataOf } from "~/features/referrals/export.server";
import { storage } from "~/lib/storage.server";
import { MemberDataZip, safeName } from "./member-data-zip.server";
import { accountOf, chatOf, eventsOrganisedBy, filesOf, friendsOf, ownRows, postsOf, rowsIn, ticketsHeldBy } from "./member-rows.server";

/** What a section writes with: the member, the site's address (for links in calendar files),
 * the zip, and where each of the member's files landed in it (file id → path). */
export type ExportContext = { memberId: number; origin: string; zip: MemberDataZip; filePaths: Map<number, string> };
export type ExportSection = { folder: string; add: (context: ExportContext) => Promise<void> | void };

/** A section whose content is one JSON file, `<folder>/<folder>.json`. */
export function jsonSection(folder: string, read: (memberId: number) => Promise<unknown>): ExportSection {
  return { folder, add: ({ memberId, zip }) => void zip.json(`${folder}/${folder}.json`, () => read(memberId)) };
}

const placeOf = (row: { venue?: unknown; city?: unknown; province?: unknown; country?: unknown }) =>
  [row.venue, row.city, row.province, row.country].filter(Boolean).join(", ");

/** Every file the member uploaded, first, so that the sections after can point at them. */
const files: ExportSection = {
  folder: "files",
  async add({ memberId, zip, filePaths }) {
    const rows = await filesOf(memberId);
    const missing = new Set<number>();
    for (const file of rows) {
      // A file lost from storage is listed as missing rather than breaking the whole download.
      if ((await storage().size(file.storage_key)) === null) missing.add(file.id);
      else filePaths.set(file.id, zip.file(`files/${file.kind}/${file.id}-${safeName(file.original_name)}`, file.storage_key));
    }
    zip.json("files/index.json", () =>
      rows.map(({ storage_key: _key, ...file }) => ({ ...file, path: filePaths.get(file.id) ?? null, ...(missing.has(file.id) ? { missing: true } : {}) })),
    );
  },
};

const contacts: ExportSection = {
  folder: "contacts",
  add({ memberId, zip }) {
    const all = () => exportContacts(memberId, contactFiltersFrom(new URLSearchParams()));
    zip.text("contacts/contacts.csv", async () => contactsCsv(await all()));
    zip.text("contacts/contacts.vcf", async () => contactsVcard(await all()));
    zip.json("contacts/details.json", async () => {
      const rows = await ownRows("contacts", "owner_id", memberId);
      const ids = rows.map((row) => Number(row.id));
      const labels = await ownRows("contact_labels", "owner_id", memberId);
      return {
        contacts: rows.map(({ search_text: _a, search_place: _b, search_business: _c, ...row }) => row),
        labels,
        label_assignments: await rowsIn("contact_label_assignments", "contact_id", ids),
        files: await rowsIn("contact_files", "contact_id", ids),
        business_cards: await rowsIn("business_cards", "contact_id", ids),
        invitations: (await ownRows("invitations", "owner_id", memberId)).map(({ token_hash: _t, ...row }) => row),
      };
    });
  },
};

const events: ExportSection = {
  folder: "events",
  add({ memberId, origin, zip }) {
    const host = new URL(origin).host;
    zip.text("events/events.ics", async () => {
      const rows = await eventsOrganisedBy(memberId);
      return eventsCalendar(
        rows.map((row) => ({ ...row, place: placeOf(row), url: `${origin}/user/events/${row.id}` })),
        { host },
      );
    });
    zip.json("events/events.json", async () => ({
      organised: await eventsOrganisedBy(memberId),
      my_statuses: await ownRows("event_statuses", "member_id", memberId, "event_id"),
      ticket_invitations: await ownRows("ticket_invitations", "member_id", memberId),
    }));
  },
};

const tickets: ExportSection = {
  folder: "tickets",
  add({ memberId, origin, zip }) {
    const host = new URL(origin).host;
    zip.text("tickets/tickets.ics", async () =>
      eventsCalendar(
        (await ticketsHeldBy(memberId)).map((ticket) => ({
          ...ticket,
          id: ticket.event_id,
          uid: `ticket-${ticket.id}`,
          title: `${ticket.title} (${ticket.ticket_type === "vip" ? "VIP" : "General"} ticket ${ticket.code})`,
          place: placeOf(ticket),
          url: `${origin}/user/tickets/${ticket.code}`,
        })),
        { host },
      ),
    );
    zip.json("tickets/tickets.json", () => ticketsHeldBy(memberId));
  },
};

const timeline: ExportSection = {
  folder: "timeline",
  add({ memberId, zip, filePaths }) {
    zip.json("timeline/posts.json", async () =>
      (await postsOf(memberId)).map(({ file_ids, ...post }) => ({ ...post, files: file_ids.map((id) => filePaths.get(id) ?? null) })),
    );
    zip.json("timeline/comments.json", () => ownRows("comments", "author_id", memberId));
    zip.json("timeline/reactions.json", async () => ({
      posts: await ownRows("post_reactions", "member_id", memberId, "created_at"),
      comments: await ownRows("comment_reactions", "member_id", memberId, "created_at"),
    }));
  },
};

/**
 * The member's data export, section by section, in this order. A new area (the calendar is next) adds its one line here, usually
 * `jsonSection("<area>", <area>DataOf)` with the query in the area's own feature folder.
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  jsonSection("account", async (memberId) => ({
    account: await accountOf(memberId),
    memberships: await ownRows("memberships", "member_id", memberId),
    payments: await ownRows("payments", "member_id", memberId),
  })),
  files,
  contacts,
  events,
  tickets,
  timeline,
  jsonSection("social", async (memberId) => ({
    friends: await friendsOf(memberId),
    chat: await chatOf(memberId),
    notifications: await ownRows("notifications", "member_id", memberId),
  })),
  jsonSection("offers", async (memberId) => {
    const offers = await ownRows("products", "owner_id", memberId);
    return {
      offers,
      images: await rowsIn(
        "product_images",
        "product_id",
        offers.map((offer) => Number(offer.id)),
      ),
      my_interest: await ownRows("product_statuses", "member_id", memberId, "product_id"),
    };
  }),
  jsonSection("planning", async (memberId) => ({
    wish_list: await ownRows("wish_list_items", "member_id", memberId),
    big_tasks: await ownRows("big_tasks", "member_id", memberId),
    businesses: await ownRows("businesses", "member_id", memberId),
    business_goals: await ownRows("business_goals", "member_id", memberId),
    goal_actions: await ownRows("goal_actions", "member_id", memberId),
    action_contents: await ownRows("action_contents", "member_id", memberId),
  })),
  jsonSection("calendar", calendarDataOf),
  jsonSection("journal", listJournalEntries),
  jsonSection("net-worth", netWorthDataOf),
  jsonSection("proposals", proposalDataOf),
  jsonSection("referrals", referralDataOf),
  jsonSection("trainings", async (memberId) => ({
    created: await ownRows("trainings", "member_id", memberId),
    registrations: await ownRows("training_registrations", "member_id", memberId),
  })),
];

/** The whole export as a zip stream: sections are added in order, their content made as the
 * zip reaches it (see MemberDataZip). */
export async function memberDataZip(memberId: number, origin: string) {
  const zip = new MemberDataZip();
  const context: ExportContext = { memberId, origin, zip, filePaths: new Map() };
  zip.text("README.txt", () => README);
  for (const section of EXPORT_SECTIONS) await section.add(context);
  zip.end();
  return zip.output;
}

const README = `Your data from Chapter
======================

account/     your account, memberships and payments (JSON)
files/       every file you uploaded; files/index.json lists them by id, with their paths
contacts/    your contacts as CSV and vCard (import them into any address book), and every
             detail, label, document and business card as JSON
events/      the events you organise (events.ics for your calendar) and your responses
tickets/     the tickets you hold (tickets.ics) with their codes
timeline/    your posts (with the paths of their files) and your comments
social/      your friends, your chats and your notifications
calendar/    your calendar: your categories, your tasks and appointments with how they
             repeat, and the occurrences you completed or cancelled
journal/     your journal, one entry per day
net-worth/   your net worth: the currency, each year's entries with their quarter values,
             and your income and expense lines (amounts in cents)
proposals/   your entrepreneur and investor entries, their documents, your connections and
             what was agreed on them
referrals/   the referrals you gave and received (what was passed on, each status move),
             your one-to-ones (with your own notes) and the visitors you brought
offers/ planning/ trainings/   what you keep there, as JSON
`;
