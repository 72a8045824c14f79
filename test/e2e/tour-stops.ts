import fs from "node:fs";
import path from "node:path";
import { routeFiles } from "../route-files";
import type { TourData } from "./tour-data";

/** Who looks at a page: the demo member with everything (tour-data.ts), the install's admin,
 * someone signed out, a member with two-factor sign-in on (signed in with a recovery code), or
 * that member half-way through signing in (password given, code not yet). */
export type Visitor = "member" | "admin" | "guest" | "two-factor" | "halfway";

export type Stop = {
  /** The route module's flat-route name (its file name in app/routes/<area>/). */
  route: string;
  as: Visitor;
  path: (data: TourData) => string;
  /** The answer's status when it is not 200 (a page that says why it cannot help). */
  status?: number;
};

const member = (route: string, to: Stop["path"], status?: number): Stop => ({ route, as: "member", path: to, status });
const admin = (route: string, to: Stop["path"]): Stop => ({ route, as: "admin", path: to });
const guest = (route: string, to: Stop["path"], status?: number): Stop => ({ route, as: "guest", path: to, status });
const twoFactor = (route: string, to: Stop["path"]): Stop => ({ route, as: "two-factor", path: to });

/** Every page and dialog, with the data that fills it. A layout route (user, user.admin …) is
 * visited through its children. */
export const TOUR: Stop[] = [
  guest("_index", () => "/"),
  guest("signin", () => "/signin"),
  guest("signin.forgot-password", () => "/signin/forgot-password"),
  guest("signup", () => "/signup"),
  { route: "signin_.two-factor", as: "halfway", path: () => "/signin/two-factor" },
  guest("reset-password.$token", (d) => d.resetPath),
  guest("reset-password.$token", () => "/reset-password/no-such-link", 410),
  guest("digest.unsubscribe.$token", (d) => d.digestPath),
  guest("digest.unsubscribe.$token", () => "/digest/unsubscribe/1.not-a-signature", 404),
  guest("ticket.$code", (d) => `/ticket/${d.sentTicketCode}`),
  guest("non-user-product", (d) => d.publicOfferPath),

  member("user._index", () => "/user"),
  member("user.timeline", () => "/user/timeline"),
  member("user.timeline.post.new", () => "/user/timeline/post/new"),
  member("user.timeline.post.$postId.edit", (d) => `/user/timeline/post/${d.postId}/edit`),
  member("user.timeline_.post.$postId", (d) => `/user/timeline/post/${d.postId}`),
  member("user.timeline_.post.$postId.delete", (d) => `/user/timeline/post/${d.postId}/delete`),
  member("user.timeline_.post.$postId.comments.$commentId.delete", (d) => `/user/timeline/post/${d.postId}/comments/${d.commentId}/delete`),
  member("user.timeline_.post.$postId.reactions", (d) => `/user/timeline/post/${d.postId}/reactions?back=%2Fuser%2Ftimeline`),
  member("user.timeline_.post.$postId.comments.$commentId.reactions", (d) => `/user/timeline/post/${d.postId}/comments/${d.commentId}/reactions`),

  member("user.contacts", () => "/user/contacts"),
  member("user.contacts.add", () => "/user/contacts/add"),
  member("user.contacts.edit.$contactId", (d) => `/user/contacts/edit/${d.contactId}`),
  member("user.contacts.$contactId.delete", (d) => `/user/contacts/${d.contactId}/delete`),
  member("user.contacts.$contactId.delete-profile-image", (d) => `/user/contacts/${d.contactId}/delete-profile-image`),
  member("user.contacts.$contactId.business-cards", (d) => `/user/contacts/${d.contactId}/business-cards`),
  member("user.contacts.$contactId.business-cards.$cardId.delete", (d) => `/user/contacts/${d.contactId}/business-cards/${d.businessCardId}/delete`),
  member("user.contacts.$contactId.category.$kind", (d) => `/user/contacts/${d.contactId}/category/my`),
  member("user.contacts.$contactId.category.$kind", (d) => `/user/contacts/${d.contactId}/category/chapter-head`),
  member("user.contacts.$contactId.documents", (d) => `/user/contacts/${d.contactId}/documents`),
  member("user.contacts.$contactId.documents.$documentId.delete", (d) => `/user/contacts/${d.contactId}/documents/${d.documentId}/delete`),
  member("user.contacts.$contactId.videos", (d) => `/user/contacts/${d.contactId}/videos`),
  member("user.contacts.$contactId.videos.$videoId.delete", (d) => `/user/contacts/${d.contactId}/videos/${d.videoId}/delete`),
  member("user.contacts.$contactId.invite", (d) => `/user/contacts/${d.contactId}/invite`),
  member("user.contacts.$contactId.ticket", (d) => `/user/contacts/${d.contactId}/ticket`),
  member("user.contacts.view-business.$contactId", (d) => `/user/contacts/view-business/${d.contactId}`),
  member("user.contacts.categories._index", () => "/user/contacts/categories"),
  member("user.contacts.categories.$labelId", (d) => `/user/contacts/categories/${d.labelId}`),
  member("user.contacts.categories.$labelId_.delete", (d) => `/user/contacts/categories/${d.labelId}/delete`),
  member("user.contacts.import._index", () => "/user/contacts/import"),
  member("user.contacts.import.$importId", (d) => `/user/contacts/import/${d.pendingImport}`),
  member("user.contacts.import.$importId", (d) => `/user/contacts/import/${d.doneImport}`),
  member("user.contacts.import.$importId_.undo", (d) => `/user/contacts/import/${d.doneImport}/undo`),
  member("user.profile", (d) => `/user/profile?cicid=${d.contactId}`),

  member("user.events", () => "/user/events"),
  member("user.events.create", () => "/user/events/create"),
  member("user.events.edit.$eventId", (d) => `/user/events/edit/${d.ownEventId}`),
  member("user.events.delete.$eventId", (d) => `/user/events/delete/${d.ownEventId}`),
  member("user.events_.$eventId", (d) => `/user/events/${d.ownEventId}`),
  member("user.events_.$eventId.attenders", (d) => `/user/events/${d.ownEventId}/attenders`),
  member("user.events_.$eventId.visitors", (d) => `/user/events/${d.ownEventId}/visitors`),
  member("user.events_.$eventId.invite", (d) => `/user/events/${d.ownEventId}/invite`),
  member("user.events_.$eventId_.check-in", (d) => `/user/events/${d.ownEventId}/check-in`),
  member("user.events_.$eventId_.tickets", (d) => `/user/events/${d.ownEventId}/tickets`),
  member("user.events_.$eventId_.tickets.$ticketId.cancel", (d) => `/user/events/${d.ownEventId}/tickets/${d.eventTicketId}/cancel`),
  member("user.event.payment_form", (d) => `/user/event/payment_form?event_id=${d.ownEventId}&ticket_type=vip`),

  member("user.tickets._index", () => "/user/tickets"),
  member("user.tickets.$code", (d) => `/user/tickets/${d.ticketCode}`),
  member("user.tickets.invitations.$invitationId", (d) => `/user/tickets/invitations/${d.invitationId}`),

  member("user.offers", () => "/user/offers"),
  member("user.offers.create", () => "/user/offers/create"),
  member("user.offers.edit.$offerId", (d) => `/user/offers/edit/${d.offerId}`),
  member("user.offers.delete.$offerId", (d) => `/user/offers/delete/${d.offerId}`),
  member("user.offers_.$offerId", (d) => `/user/offers/${d.offerId}`),
  member("user.offers_.$offerId.images_.$fileId.delete", (d) => `/user/offers/${d.offerId}/images/${d.offerImageId}/delete`),

  member("user.friends", () => "/user/friends"),
  member("user.friends.$memberId.unfriend", (d) => `/user/friends/${d.daniel.id}/unfriend`),
  member("user.members._index", () => "/user/members"),
  member("user.members._index", () => "/user/members?member_type=investor&country=DE"),
  member("user.members.$memberId", (d) => `/user/members/${d.daniel.id}`),
  member("user.chat._index", () => "/user/chat"),
  member("user.chat.$memberId", (d) => `/user/chat/${d.daniel.id}`),
  member("user.notifications", () => "/user/notifications"),
  member("user.search", () => "/user/search?q=a"),
  member("user.referrals", () => "/user/referrals"),
  member("user.referrals.give", (d) => `/user/referrals/give?to=${d.daniel.id}&contact=${d.contactId}`),
  member("user.referrals.give", () => "/user/referrals/give?member_q=a&contact_q=a"),
  member("user.referrals_.$referralId", (d) => `/user/referrals/${d.referralId}`),
  member("user.referrals_.report", () => "/user/referrals/report"),
  member("user.referrals_.report", () => "/user/referrals/report?period=dates&from=2026-12-09&to=2026-12-01"),
  member("user.referrals_.report_.print", () => "/user/referrals/report/print?period=quarter"),
  admin("user.referrals_.report", () => "/user/referrals/report?period=quarter&sort=thanksReceived&dir=desc"),
  admin("user.referrals_.report_.print", () => "/user/referrals/report/print?period=quarter"),
  member("user.one-to-ones", () => "/user/one-to-ones"),
  member("user.one-to-ones.new", () => "/user/one-to-ones/new?member_q=a"),
  member("user.one-to-ones.new", (d) => `/user/one-to-ones/new?with=${d.daniel.id}`),
  member("user.one-to-ones_.$oneToOneId", (d) => `/user/one-to-ones/${d.oneToOneId}`),

  member("user.businesses", () => "/user/businesses"),
  member("user.businesses.new", () => "/user/businesses/new"),
  member("user.businesses_.$businessId", (d) => `/user/businesses/${d.businessId}`),
  member("user.businesses_.$businessId.edit", (d) => `/user/businesses/${d.businessId}/edit`),
  member("user.businesses_.$businessId.delete", (d) => `/user/businesses/${d.businessId}/delete`),
  member("user.businesses_.$businessId.goals.new", (d) => `/user/businesses/${d.businessId}/goals/new`),
  member("user.businesses_.$businessId.goals.$goalId.edit", (d) => `/user/businesses/${d.businessId}/goals/${d.goalId}/edit`),
  member("user.businesses_.$businessId.goals.$goalId.delete", (d) => `/user/businesses/${d.businessId}/goals/${d.goalId}/delete`),
  member("user.businesses_.$businessId.goals.$goalId.actions.new", (d) => `/user/businesses/${d.businessId}/goals/${d.goalId}/actions/new`),
  member("user.businesses_.$businessId.actions.$actionId.edit", (d) => `/user/businesses/${d.businessId}/actions/${d.actionId}/edit`),
  member("user.businesses_.$businessId.actions.$actionId.delete", (d) => `/user/businesses/${d.businessId}/actions/${d.actionId}/delete`),
  member("user.businesses_.$businessId.actions.$actionId.contents.new", (d) => `/user/businesses/${d.businessId}/actions/${d.actionId}/contents/new`),
  member("user.businesses_.$businessId.contents.$contentId.edit", (d) => `/user/businesses/${d.businessId}/contents/${d.contentId}/edit`),
  member("user.businesses_.$businessId.contents.$contentId.delete", (d) => `/user/businesses/${d.businessId}/contents/${d.contentId}/delete`),
  member("user.trainings", () => "/user/trainings"),
  member("user.trainings.new", () => "/user/trainings/new"),
  member("user.trainings_.$trainingId", (d) => `/user/trainings/${d.trainingId}`),
  member("user.trainings_.$trainingId.edit", (d) => `/user/trainings/${d.trainingId}/edit`),
  member("user.trainings_.$trainingId.delete", (d) => `/user/trainings/${d.trainingId}/delete`),
  member("user.entrepreneurs", () => "/user/entrepreneurs?sector=logistics"),
  member("user.entrepreneurs.new", () => "/user/entrepreneurs/new"),
  member("user.entrepreneurs.$entryId", (d) => `/user/entrepreneurs/${d.amaraVentureId}`),
  member("user.entrepreneurs.$entryId_.edit", (d) => `/user/entrepreneurs/${d.amaraVentureId}/edit`),
  member("user.entrepreneurs.$entryId_.delete", (d) => `/user/entrepreneurs/${d.amaraVentureId}/delete`),
  member("user.entrepreneurs.$entryId_.documents.$documentId.delete", (d) => `/user/entrepreneurs/${d.amaraVentureId}/documents/${d.ventureDocumentId}/delete`),
  member("user.entrepreneurs.$entryId_.connect", (d) => `/user/entrepreneurs/${d.danielVentureId}/connect`),
  member("user.investors", () => "/user/investors"),
  member("user.investors.new", () => "/user/investors/new"),
  member("user.investors.$entryId", (d) => `/user/investors/${d.danielFundId}`),
  member("user.investors.$entryId_.edit", (d) => `/user/investors/${d.amaraFundId}/edit`),
  member("user.investors.$entryId_.delete", (d) => `/user/investors/${d.amaraFundId}/delete`),
  member("user.investors.$entryId_.connect", (d) => `/user/investors/${d.danielFundId}/connect`),
  member("user.connections", () => "/user/connections"),
  member("user.connections_.$connectionId", (d) => `/user/connections/${d.connectionId}`),
  member("user.connections_.$connectionId.$answer", (d) => `/user/connections/${d.connectionId}/accept`),
  member("user.connections_.$connectionId.$answer", (d) => `/user/connections/${d.connectionId}/decline`),
  member("user.big-tasks", () => "/user/big-tasks"),
  member("user.big-tasks.new", () => "/user/big-tasks/new"),
  member("user.big-tasks.filter", () => "/user/big-tasks/filter"),
  member("user.big-tasks.$taskId.edit", (d) => `/user/big-tasks/${d.bigTaskId}/edit`),
  member("user.big-tasks.$taskId.delete", (d) => `/user/big-tasks/${d.bigTaskId}/delete`),
  member("user.wish-list", () => "/user/wish-list"),
  member("user.wish-list.new", () => "/user/wish-list/new"),
  member("user.wish-list.filter", () => "/user/wish-list/filter"),
  member("user.wish-list.$itemId.edit", (d) => `/user/wish-list/${d.wishId}/edit`),
  member("user.wish-list.$itemId.delete", (d) => `/user/wish-list/${d.wishId}/delete`),
  member("user.calendar", () => "/user/calendar"),
  member("user.calendar", (d) => `/user/calendar?view=week&date=${d.journalDate}`),
  member("user.calendar", (d) => `/user/calendar?view=day&date=${d.journalDate}`),
  member("user.calendar.new", () => "/user/calendar/new"),
  member("user.calendar.new", (d) => `/user/calendar/new?kind=appointment&view=month&date=${d.journalDate}`),
  member("user.calendar.tasks.$taskId", (d) => `/user/calendar/tasks/${d.calendarTaskId}?view=month&date=${d.journalDate}`),
  member("user.calendar.tasks.$taskId_.edit", (d) => `/user/calendar/tasks/${d.calendarTaskId}/edit`),
  member("user.calendar.tasks.$taskId_.delete", (d) => `/user/calendar/tasks/${d.calendarTaskId}/delete`),
  member("user.calendar.tasks.$taskId_.delete", (d) => `/user/calendar/tasks/${d.calendarTaskId}/delete?again=1`),
  member("user.calendar.occurrences.$occurrenceId.complete", (d) => `/user/calendar/occurrences/${d.calendarOccurrence}/complete`),
  member("user.calendar.occurrences.$occurrenceId.cancel", (d) => `/user/calendar/occurrences/${d.calendarOccurrence}/cancel`),
  member("user.calender.daily-task.delete", (d) => `/user/calender/daily-task/delete?dailytask_id=${d.calendarOccurrence}`),
  member("user.calender.daily-task.deleteagain", (d) => `/user/calender/daily-task/deleteagain?dailytask_id=${d.calendarOccurrence}`),
  member("user.calender.daily-task.deleteonetask", (d) => `/user/calender/daily-task/deleteonetask?dailytask_id=${d.calendarOccurrence}`),
  member("user.calender.daily-task.completeonetask", (d) => `/user/calender/daily-task/completeonetask?dailytask_id=${d.calendarOccurrence}`),
  member("user.journal", () => "/user/journal"),
  member("user.journal", (d) => `/user/journal?date=${d.journalDate}`),
  member("user.journal", () => "/user/journal?date=2026-02-30", 400),
  member("user.journal.$date", (d) => `/user/journal/${d.journalDate}`),
  member("user.journal.$date", () => "/user/journal/2030-01-01"),
  member("user.journal_.$date.print", (d) => `/user/journal/${d.journalDate}/print`),
  member("user.net-worth", () => "/user/net-worth"),
  member("user.net-worth.new", () => "/user/net-worth/new"),
  member("user.net-worth.entries.$entryId", (d) => `/user/net-worth/entries/${d.netWorthEntryId}`),
  member("user.net-worth.entries.$entryId_.edit", (d) => `/user/net-worth/entries/${d.netWorthEntryId}/edit`),
  member("user.net-worth.entries.$entryId_.delete", (d) => `/user/net-worth/entries/${d.netWorthEntryId}/delete`),
  member("user.net-worth.income.new", () => "/user/net-worth/income/new?quarter=2"),
  member("user.net-worth.expenses.new", () => "/user/net-worth/expenses/new"),
  member("user.net-worth.lines.$lineId.edit", (d) => `/user/net-worth/lines/${d.netWorthLineId}/edit`),
  member("user.net-worth.lines.$lineId.delete", (d) => `/user/net-worth/lines/${d.netWorthLineId}/delete`),
  member("user.net-worth.currency", () => "/user/net-worth/currency"),
  member("user.net-worth_.print", () => "/user/net-worth/print"),

  member("user.membership", () => "/user/membership"),
  member("user.membership.pay", () => "/user/membership/pay?package=elite"),
  member("user.payments.$reference", (d) => `/user/payments/${d.paymentReference}`),

  member("user.settings.profile", () => "/user/settings/profile"),
  member("user.settings.photos", () => "/user/settings/photos"),
  member("user.settings.photos.$slot.delete", () => "/user/settings/photos/cover-image/delete"),
  member("user.settings.notifications", () => "/user/settings/notifications"),
  member("user.settings.privacy", () => "/user/settings/privacy"),
  member("user.settings.calendar", () => "/user/settings/calendar"),
  member("user.settings.security", () => "/user/settings/security"),
  member("user.settings.security.password", () => "/user/settings/security/password"),
  member("user.settings.security.delete-account", () => "/user/settings/security/delete-account"),
  member("user.settings.security.sign-out-others", () => "/user/settings/security/sign-out-others"),
  member("user.settings.security.sessions.$sessionId.sign-out", (d) => `/user/settings/security/sessions/${encodeURIComponent(d.otherSessionId)}/sign-out`),
  member("user.settings.security.two-factor", () => "/user/settings/security/two-factor"),
  twoFactor("user.settings.security.two-factor-off", () => "/user/settings/security/two-factor-off"),
  twoFactor("user.settings.security.recovery-codes", () => "/user/settings/security/recovery-codes"),
  member("user", () => "/user/no-such-page", 404),

  admin("user.admin._index", () => "/user/admin"),
  admin("user.admin.club", () => "/user/admin/club"),
  admin("user.admin.members", () => "/user/admin/members"),
  admin("user.admin.members", () => "/user/admin/members?light=red"),
  admin("user.admin.engagement", () => "/user/admin/engagement"),
  admin("user.admin.members.$memberId.disable", (d) => `/user/admin/members/${d.daniel.id}/disable`),
  admin("user.admin.members.$memberId.two-factor-reset", (d) => `/user/admin/members/${d.twoFactor.id}/two-factor-reset`),
  admin("user.admin.outbox", () => "/user/admin/outbox"),
  admin("user.admin.outbox.$messageId", (d) => `/user/admin/outbox/${d.outboxMessageId}`),
  admin("user.admin.payments", () => "/user/admin/payments"),
  admin("user.admin.payments.$paymentId.confirm", (d) => `/user/admin/payments/${d.paymentId}/confirm`),
  admin("user.admin.payments.$paymentId.cancel", (d) => `/user/admin/payments/${d.paymentId}/cancel`),
  admin("user.admin.ticker", () => "/user/admin/ticker"),
  admin("user.admin.ticker.new", () => "/user/admin/ticker/new"),
  admin("user.admin.ticker.$announcementId.remove", (d) => `/user/admin/ticker/${d.announcementId}/remove`),
];

/** Pages the tour leaves out, each with its reason. Keep this short: a new page joins the
 * tour. */
export const NOT_TOURED: Record<string, string> = {};

function sourceOf(file: string, area: string) {
  return fs.readFileSync(path.resolve("app/routes", area, file), "utf8");
}

/** The route modules that render something (a default export), by flat-route name. */
export function pageRoutes() {
  return routeFiles()
    .map(({ file, area }) => ({ name: file.replace(/\.tsx?$/, ""), source: sourceOf(file, area) }))
    .filter(({ source }) => /export default|export \{[^}]*\bdefault\b/.test(source))
    .map(({ name, source }) => ({ name, dialog: /<(RouteDialog|ConfirmDialog)\b/.test(source) }));
}

/** The layouts a route renders inside (Remix's nesting by dotted name, as remix.config.js). */
export function ancestorsOf(route: string, names: string[]) {
  return names.filter((other) => other !== route && route.startsWith(`${other}.`) && !other.endsWith("_index"));
}
