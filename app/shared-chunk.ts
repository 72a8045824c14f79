/**
 * The small modules many pages share, fetched as one chunk (patches/@remix-run+dev+2.17.5.patch:
 * every route module in the browser build re-exports this file). esbuild makes one chunk per
 * set of routes that import a module, with no least size, so a member page fetched some twenty
 * chunks of a few hundred bytes each; on a slow phone over HTTP/1.1 each costs a round trip in
 * a queue of six connections, before the first paint. Everything here is reached by every
 * route, so it lands in one chunk that root loads, beside the shared runtime.
 *
 * Put here a module of a few hundred bytes that several areas use, never a large one (every
 * page pays for all of this) nor one that brings in a library (conform, cropperjs): the
 * re-export keeps all of a module's exports, used or not. `npx tsx scripts/bundle-sizes.ts`
 * shows what each route loads.
 */
export * as avatar from "./ui/avatar";
export * as confirmDialog from "./ui/confirm-dialog";
export * as csrfInput from "./ui/csrf-input";
export * as emptyState from "./ui/empty-state";
export * as errorBoundary from "./ui/error-boundary";
export * as field from "./ui/field";
export * as linkClicks from "./ui/link-clicks";
export * as listTable from "./ui/list-table";
export * as pageKind from "./ui/page-kind";
export * as pager from "./ui/pager";
export * as renderCache from "./ui/render-cache";
export * as revalidation from "./ui/revalidation";
export * as rootData from "./ui/root-data";
export * as routeDialog from "./ui/route-dialog";
export * as searchForm from "./ui/search-form";
export * as statusButton from "./ui/status-button";
export * as useFieldState from "./ui/use-field-state";
export * as useHydrated from "./ui/use-hydrated";
export * as viewerTime from "./ui/viewer-time";
export * as choices from "./lib/choices";
export * as fileTypes from "./lib/file-types";
export * as format from "./lib/format";
export * as calendarConstants from "./features/calendar/constants";
export * as contactCategories from "./features/contacts/categories";
export * as contactListQuery from "./features/contacts/list-query";
export * as invitationState from "./features/invitations/state";
export * as journalDates from "./features/journal/dates";
export * as memberTypes from "./features/members/member-types";
export * as planningConstants from "./features/planning/constants";
export * as businessConstants from "./features/planning/business-constants";
export * as ticketLabels from "./features/tickets/labels";
export * as timelineConstants from "./features/timeline/constants";
