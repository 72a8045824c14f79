import type { ColumnType, Generated } from "kysely";

// The database as the migrations in migrations/ leave it. Ids are integers, instants are
// ISO UTC text, dates are YYYY-MM-DD text, booleans are 0/1, money is integer cents.

export type MemberType = "entrepreneur" | "investor" | "business_contact";
export type Role = "member" | "admin";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  member_type: MemberType;
  occupation: string | null;
  industry: string | null;
  business: string | null;
  business_type: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  looking_for: string | null;
  profile_image_id: number | null;
  cover_image_id: number | null;
  /** 1: in-app notifications are also e-mailed. */
  email_notifications: Generated<number>;
  /** 1: the weekly digest is e-mailed to the member. */
  weekly_digest: Generated<number>;
  /** 1: listed in the member directory (the member may leave it, in Settings). */
  in_directory: Generated<number>;
  /** searchName(name), for member search (social). */
  search_name: Generated<string>;
  disabled_at: string | null;
  /** Set on the placeholder ("A former member") an account deletion leaves; never a member. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** IANA zone the member reads times in; null: the club's. */
  time_zone: string | null;
  calendar_feed_hash: string | null;
  calendar_alert_minutes: number | null;
  /** Currency of the member's own figures (net worth); null: PAYMENT_CURRENCY. */
  currency: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface TwoFactorTable {
  user_id: number;
  secret: string;
  last_used_step: Generated<number>;
  enabled_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface TwoFactorChallengesTable {
  id: string;
  user_id: number;
  redirect_to: string;
  created_at: string;
  expires_at: string;
}

export interface TwoFactorResetsTable {
  id: Generated<number>;
  user_id: number;
  admin_id: number | null;
  created_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SignInAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: string;
}

export interface FilesTable {
  id: Generated<number>;
  /** Random and unguessable: the file's address in URLs. */
  token: string;
  owner_id: number;
  kind: string;
  original_name: string;
  media_type: string;
  size: number;
  width: number | null;
  height: number | null;
  storage_key: string;
  thumbnail_key: string | null;
  created_at: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  message: string;
  link_url: string | null;
  starts_at: string;
  ends_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A night's backup, claimed by the instance that runs it (app/lib/backup/nightly.server.ts). */
export interface BackupRunsTable {
  /** The night's date (YYYY-MM-DD) in the club's time zone. */
  night: string;
  /** host:pid of the instance that runs it. */
  claimed_by: string;
  started_at: string;
  finished_at: string | null;
  archive: string | null;
  error: string | null;
}

/** The club's settings an admin sets in the app: one row (id 1); null means unset (the
 * environment's default applies). */
export interface ClubSettingsTable {
  id: number;
  name: string | null;
  time_zone: string | null;
  currency: string | null;
  bank_account_name: string | null;
  bank_name: string | null;
  bank_iban: string | null;
  bank_bic: string | null;
  bank_instructions: string | null;
  /** JSON: package id → what it includes, one item a line. */
  package_includes: string | null;
  setup_shown_at: string | null;
  /** The weekday the digest is sent ("monday" … "sunday", or "off"); null: Monday. */
  digest_day: string | null;
  updated_at: string;
}

/** Site-wide values the app learns or an admin sets (key → value). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export type PaymentStatus = "pending" | "paid" | "cancelled" | "failed";
export type PaymentProviderName = "bank_transfer" | "stripe";

/** One row per payment; never deleted. */
export interface PaymentsTable {
  id: Generated<number>;
  member_id: number;
  /** What it pays for: "membership" (event tickets later). */
  purpose: string;
  /** The package (or ticket type) bought. */
  item: string;
  period: string | null;
  description: string;
  amount_cents: number;
  currency: string;
  provider: PaymentProviderName;
  /** The provider's id (a Stripe Checkout Session id). */
  provider_ref: string | null;
  /** Ours, shown to the member: the bank transfer reference. */
  reference: string;
  status: PaymentStatus;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  confirmed_by: number | null;
}

export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

export interface MembershipsTable {
  id: Generated<number>;
  member_id: number;
  package: string;
  period: string;
  starts_on: string;
  ends_on: string;
  payment_id: number;
  reminder_sent_at: string | null;
  created_at: string;
}

/** A member's private contact; every query is scoped by owner_id. */
export interface ContactsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Lower-case. */
  email: string | null;
  /** E.164 (+14165550199). */
  phone: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  /** SPEC.md's pro_name: occupation or position. */
  occupation: string | null;
  meet_place: string | null;
  is_important: number;
  profile_image_id: number | null;
  company: string | null;
  business_type: string | null;
  industry: string | null;
  website: string | null;
  address: string | null;
  business_description: string | null;
  /** One of REAL_ESTATE_CATEGORIES (features/contacts/categories.ts). */
  real_estate_category: string | null;
  /** One of OTHER_CATEGORIES. */
  other_category: string | null;
  /** The chapter this contact heads, if any. */
  chapter_head: string | null;
  created_at: string;
  updated_at: string;
  /** Kept by the database (migrations/202611250910_contacts_search.ts), never written here:
   * name, email, phone, occupation and city lower-cased, one a line (the text search). */
  search_text: ColumnType<string, never, never>;
  /** meet_place lower-cased. */
  search_place: ColumnType<string, never, never>;
  /** company, industry and business_type lower-cased, one a line. */
  search_business: ColumnType<string, never, never>;
}

/** "My category": labels a member defines and assigns to their contacts. */
export interface ContactLabelsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: string;
}

export interface ContactLabelAssignmentsTable {
  contact_id: number;
  label_id: number;
}

export type ContactFileKind = "video" | "document";

/** A contact's video or document: one uploaded file (kind contact_video / contact_document). */
export interface ContactFilesTable {
  id: Generated<number>;
  contact_id: number;
  file_id: number;
  kind: ContactFileKind;
  created_at: string;
}

/** A contact's business card: the original upload and its 3:2 crop (kind business_card), with
 * the crop rectangle in the original's pixels (migrations/202611231000_business_cards.ts). */
export interface BusinessCardsTable {
  id: Generated<number>;
  contact_id: number;
  original_file_id: number;
  cropped_file_id: number;
  crop_x: number;
  crop_y: number;
  crop_width: number;
  crop_height: number;
  created_at: string;
}

export type TicketType = "general" | "vip";

/** A member's event. Times are wall-clock at the venue (YYYY-MM-DDTHH:MM) in time_zone. */
export interface EventsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  time_zone: Generated<string>;
  venue: string | null;
  country: string | null;
  province: string | null;
  city: string | null;
  image_id: number | null;
  /** Null: that ticket type is free. */
  general_amount_cents: number | null;
  vip_amount_cents: number | null;
  currency: string;
  /** Null: that ticket type is not offered. */
  general_capacity: number | null;
  vip_capacity: number | null;
  /** Seats held (issued and pending tickets); raised only while below capacity. */
  general_taken: Generated<number>;
  vip_taken: Generated<number>;
  created_at: string;
  updated_at: string;
  // events: start and end as UTC instants (202611231300_event_instants); null on rows
  // written before that migration or by code that does not set them.
  starts_at_utc: string | null;
  ends_at_utc: string | null;
}

/** A member's Interested and Going answers on an event (one row per member and event): 1 yes,
 * 0 no, null not answered (migrations/202612070300_event_answers_unanswered.ts). */
export interface EventStatusesTable {
  event_id: number;
  member_id: number;
  interested: number | null;
  going: number | null;
  updated_at: string;
}

export type TicketStatus = "pending" | "issued" | "cancelled";

export interface TicketsTable {
  id: Generated<number>;
  event_id: number;
  ticket_type: TicketType;
  /** Random and unguessable: shown as text and QR code. */
  code: string;
  /** The member holding it, or null for a ticket sent to a contact. */
  holder_id: number | null;
  contact_id: number | null;
  holder_name: string | null;
  holder_email: string | null;
  issued_by: number | null;
  payment_id: number | null;
  amount_cents: number;
  status: TicketStatus;
  checked_in_at: string | null;
  created_at: string;
  issued_at: string | null;
}

export type TicketInvitationStatus = "invited" | "accepted" | "declined";

export interface TicketInvitationsTable {
  id: Generated<number>;
  event_id: number;
  member_id: number;
  ticket_type: TicketType;
  invited_by: number | null;
  status: TicketInvitationStatus;
  ticket_id: number | null;
  created_at: string;
  responded_at: string | null;
}

/** An offer (SPEC.md's product). */
export interface ProductsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string | null;
  price_cents: number | null;
  currency: string;
  event_id: number | null;
  /** Random and unguessable: the public view's address. */
  public_token: string;
  created_at: string;
  updated_at: string;
}

export interface ProductImagesTable {
  product_id: number;
  file_id: number;
  position: number;
}

export interface ProductStatusesTable {
  product_id: number;
  member_id: number;
  interested: number;
  updated_at: string;
}

export type FriendshipStatus = "pending" | "accepted";

/** A friend request from requester to addressee; accepted makes them friends. */
export interface FriendshipsTable {
  id: Generated<number>;
  requester_id: number;
  addressee_id: number;
  status: FriendshipStatus;
  created_at: string;
  accepted_at: string | null;
}

export type PostPrivacy = "public" | "friends" | "private";

export interface PostsTable {
  id: Generated<number>;
  author_id: number;
  message: string;
  privacy: PostPrivacy;
  created_at: string;
  updated_at: string;
}

export interface PostFilesTable {
  post_id: number;
  file_id: number;
  position: number;
}

export interface CommentsTable {
  id: Generated<number>;
  post_id: number;
  author_id: number;
  message: string;
  created_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  body: string;
  created_at: string;
  read_at: string | null;
}

// Reactions (migrations/202612062040_reactions.ts): one per member per post or comment.
export type ReactionKind = "like" | "celebrate" | "insightful";

export interface PostReactionsTable {
  post_id: number;
  member_id: number;
  kind: ReactionKind;
  created_at: string;
}

export interface CommentReactionsTable {
  comment_id: number;
  member_id: number;
  kind: ReactionKind;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  member_id: number;
  /** What it is about, e.g. "friend_request", "ticket_invitation". */
  kind: string;
  message: string;
  link_url: string | null;
  actor_id: number | null;
  created_at: string;
  read_at: string | null;
  /** How a friend request was answered (migrations/202612062030_member_directory.ts). */
  outcome: ColumnType<NotificationOutcome | null, NotificationOutcome | null | undefined, NotificationOutcome | null>;
}

export type NotificationOutcome = "accepted" | "declined" | "withdrawn";

// Contact imports (migrations/202611231100_contact_imports.ts).
export type ContactImportStatus = "pending" | "done" | "undone";

export interface ContactImportsTable {
  id: Generated<number>;
  owner_id: number;
  file_name: string;
  format: "csv" | "vcard";
  status: ContactImportStatus;
  /** JSON string[]: the file's columns. */
  headers_json: string;
  /** JSON: the first rows, shown in the mapping step. */
  preview_json: string;
  /** JSON: every data row while pending; null once imported. */
  rows_json: string | null;
  row_count: number;
  /** "skip" or "merge", chosen when confirming. */
  duplicates: string | null;
  imported_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  rejected_count: Generated<number>;
  /** JSON {line, reason}[]: the first problems; the counts hold the rest. */
  problems_json: string | null;
  created_at: string;
  imported_at: string | null;
  undone_at: string | null;
}

export interface ContactImportRowsTable {
  id: Generated<number>;
  import_id: number;
  contact_id: number | null;
  action: "created" | "merged";
  previous_json: string | null;
  applied_json: string | null;
}

/** A member's invitation of one of their contacts to join Chapter (one per contact). */
export interface InvitationsTable {
  id: Generated<number>;
  owner_id: number;
  contact_id: number;
  /** Lower-case; null while a draft. */
  email: string | null;
  name: string | null;
  message: string | null;
  image_id: number | null;
  /** sha256 of the link's token; null until sent. */
  token_hash: string | null;
  /** When the last e-mail went out; null: a draft, not sent yet. */
  sent_at: string | null;
  resent_count: Generated<number>;
  accepted_at: string | null;
  accepted_member_id: number | null;
  created_at: string;
}

/** Member search (social): each word of a member's name, as nameWords() writes it. */
export interface MemberNameWordsTable {
  member_id: number;
  word: string;
}

export type WishListType = "have" | "do" | "be" | "travel" | "learn";
export type WishListStatus = "open" | "in_progress" | "achieved" | "dropped";

/** Planning: something a member wants to have, do, be, travel to or learn, in a target year. */
export interface WishListItemsTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  type: WishListType;
  target_year: number;
  target_date: string | null;
  /** Estimated cost in cents of `currency`; null: not estimated. */
  cost_cents: number | null;
  currency: string;
  image_id: number | null;
  notes: string | null;
  status: Generated<WishListStatus>;
  created_at: string;
  updated_at: string;
}

/** A training a member offers to the others: on a date, at a start time (the club's wall
 * clock), for a duration; at a place or online (at least one); capacity null = unlimited. */
export interface TrainingsTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  description: string | null;
  trainer_name: string;
  date: string;
  /** "HH:MM" */
  start_time: string;
  duration_minutes: number;
  place: string | null;
  online_link: string | null;
  capacity: number | null;
  /** Registrations held against the capacity. */
  taken: Generated<number>;
  image_id: number | null;
  /** The zone of its date and start time; null (saved before trainings had one): the club's. */
  time_zone: string | null;
  created_at: string;
  updated_at: string;
}

/** A member's journal for one calendar date (their own day, "YYYY-MM-DD"): one per member and
 * date. */
export interface JournalEntriesTable {
  id: Generated<number>;
  member_id: number;
  date: string;
  text: string;
  created_at: string;
  updated_at: string;
}

export interface CalendarCategoriesTable {
  id: Generated<number>;
  member_id: number;
  name: string;
}

export type CalendarTaskKind = "task" | "appointment";
export type Recurrence = "none" | "daily" | "weekly" | "biweekly" | "monthly" | "yearly";

export interface CalendarTasksTable {
  id: Generated<number>;
  member_id: number;
  kind: CalendarTaskKind;
  title: string;
  category: string | null;
  recurrence: Recurrence;
  weekdays: string | null;
  month_day: number | null;
  month_nth: number | null;
  month_weekday: string | null;
  year_month: number | null;
  year_day: number | null;
  start_date: string;
  start_time: string;
  end_time: string;
  /** The date the first occurrence ends on, when a later day than it starts. */
  end_date: string | null;
  until_date: string | null;
  occurrence_count: number | null;
  /** The dates deleted from the series, comma-separated. */
  skipped_dates: string | null;
  time_zone: string;
  priority: number;
  alert: Generated<number>;
  place: string | null;
  person: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface CalendarOccurrencesTable {
  id: Generated<number>;
  task_id: number;
  member_id: number;
  date: string;
  status: "completed" | "cancelled";
  updated_at: string;
}

/** A token for the state of a member's calendar, replaced by triggers on every write to their
 * task groups and marks (migrations/202612070200_calendar_versions.ts); no row: no task yet. */
export interface CalendarVersionsTable {
  member_id: number;
  version: string;
}

export interface CalendarAlertsSentTable {
  id: Generated<number>;
  task_id: number;
  member_id: number;
  date: string;
  sent_at: string;
}

export interface TrainingRegistrationsTable {
  id: Generated<number>;
  training_id: number;
  member_id: number;
  created_at: string;
}

/** Proposals (SPEC.md §3 Entrepreneur, Investor, Proposal, Connection): a member's venture
 * seeking a loan. Rates are basis points (850 = 8.5 %); deleted_at keeps the row for the deal
 * trail of its connections. */
export interface EntrepreneurEntriesTable {
  id: Generated<number>;
  member_id: number;
  business_name: string;
  sector: string;
  amount_cents: number;
  currency: string;
  purpose: string;
  term_months: number;
  rate_bp: number;
  /** ISO country code. */
  country: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A member offering loans. sectors and countries are "|A|B|" lists (countries "" = any). */
export interface InvestorEntriesTable {
  id: Generated<number>;
  member_id: number;
  amount_cents: number;
  currency: string;
  sectors: string;
  min_ticket_cents: number;
  max_ticket_cents: number;
  term_months: number;
  rate_bp: number;
  countries: string;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface EntrepreneurDocumentsTable {
  id: Generated<number>;
  entrepreneur_id: number;
  file_id: number;
  created_at: string;
}

export type ConnectionStatus = "pending" | "accepted" | "declined" | "closed";
export type ProposalSide = "entrepreneur" | "investor";

/** One entrepreneur entry and one investor entry connected by the member of either side. */
export interface ProposalConnectionsTable {
  id: Generated<number>;
  entrepreneur_id: number;
  investor_id: number;
  entrepreneur_member_id: number;
  investor_member_id: number;
  initiator_side: ProposalSide;
  message: string;
  status: ConnectionStatus;
  created_at: string;
  updated_at: string;
}

export type ConnectionAction = "connect" | "update" | "accept" | "decline" | "close";

/** The deal trail: who did what, with the exact terms text agreed to and its SHA-256. */
export interface ConnectionEventsTable {
  id: Generated<number>;
  connection_id: number;
  member_id: number | null;
  action: ConnectionAction;
  message: string | null;
  terms_text: string | null;
  terms_hash: string | null;
  created_at: string;
}

export type BigTaskStatus = "pending" | "in_progress" | "done" | "dropped";

/** Planning: a large task of a year, with a priority of 1 to 10. */
export interface BigTasksTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  description: string | null;
  priority: number;
  year: number;
  due_date: string | null;
  status: Generated<BigTaskStatus>;
  created_at: string;
  updated_at: string;
}

/** Planning: a member's businesses, their goals, the goals' actions and the actions' contents. */
export interface BusinessesTable {
  id: Generated<number>;
  member_id: number;
  name: string;
  description: string | null;
  industry: string | null;
  website: string | null;
  created_at: string;
  updated_at: string;
}

export interface BusinessGoalsTable {
  id: Generated<number>;
  member_id: number;
  business_id: number;
  title: string;
  target: string | null;
  target_date: string | null;
  created_at: string;
  updated_at: string;
}

export type GoalActionStatus = "pending" | "in_progress" | "done";

export interface GoalActionsTable {
  id: Generated<number>;
  member_id: number;
  goal_id: number;
  title: string;
  due_date: string | null;
  status: GoalActionStatus;
  created_at: string;
  updated_at: string;
}

export interface ActionContentsTable {
  id: Generated<number>;
  member_id: number;
  action_id: number;
  noted_on: string;
  note: string;
  link: string | null;
  file_id: number | null;
  created_at: string;
  updated_at: string;
}

export type NetWorthType =
  "cash" | "property" | "vehicles" | "investments" | "business_equity" | "other_asset" | "mortgage" | "loans" | "credit_cards" | "other_liability";

/** An asset or liability of a member's year, with its value (cents of the member's currency)
 * at each quarter's end; null: not given for that quarter. */
export interface NetWorthEntriesTable {
  id: Generated<number>;
  member_id: number;
  year: number;
  title: string;
  type: NetWorthType;
  q1_cents: number | null;
  q2_cents: number | null;
  q3_cents: number | null;
  q4_cents: number | null;
  created_at: string;
  updated_at: string;
}

/** A gross income or expense line of one quarter of a member's year. */
export interface NetWorthLinesTable {
  id: Generated<number>;
  member_id: number;
  year: number;
  quarter: number;
  flow: "income" | "expense";
  category: string;
  description: string | null;
  amount_cents: number;
  created_at: string;
  updated_at: string;
}

/** Each member's number of contacts and of those marked important, kept by triggers
 * (migrations/202611280900_contact_counts.ts, 202611291500_contact_counts_important.ts); no row: none. */
export interface ContactCountsTable {
  owner_id: number;
  contacts: number;
  important: Generated<number>;
}

// Referrals (migrations/202612061618_referrals.ts).
export type ReferralStatus = "new" | "contacted" | "meeting_set" | "closed" | "no_business";

/** Business one member passes to another. The person referred is copied in (only the fields
 * the giver ticked), never linked to the giver's contacts. */
export interface ReferralsTable {
  id: Generated<number>;
  giver_id: number;
  receiver_id: number;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  occupation: string | null;
  city: string | null;
  website: string | null;
  need: string;
  /** 1 (cold) to 5 (ready to buy). */
  warmth: number;
  /** 1: the giver is the customer (an inside referral). */
  own_need: number;
  note: string | null;
  status: ReferralStatus;
  /** The closed business's amount: the receiver's thank-you to the giver. */
  amount_cents: number | null;
  currency: string | null;
  /** Why no business came of it. */
  reason: string | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Each status move of a referral, by the receiver. */
export interface ReferralUpdatesTable {
  id: Generated<number>;
  referral_id: number;
  member_id: number;
  status: ReferralStatus;
  amount_cents: number | null;
  currency: string | null;
  reason: string | null;
  created_at: string;
}

// One-to-ones (migrations/202612061619_one_to_ones.ts).
export type OneToOneStatus = "proposed" | "confirmed" | "declined";

/** Two members met: one proposes, the other confirms. Each side's note is theirs alone. */
export interface OneToOnesTable {
  id: Generated<number>;
  proposer_id: number;
  partner_id: number;
  /** The day they met (YYYY-MM-DD). */
  met_on: string;
  place: string | null;
  status: OneToOneStatus;
  proposer_note: string | null;
  partner_note: string | null;
  confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A member's weekly digest for one week, claimed before it is sent (one per member and week). */
export interface WeeklyDigestsTable {
  id: Generated<number>;
  member_id: number;
  /** The club's date of the digest day. */
  week: string;
  sent_at: string;
}

// Visitors (migrations/202612062010_visitors.ts).
/** Someone a member brought to an event. `contact_id`: the member's contact made to invite them. */
export interface VisitorsTable {
  id: Generated<number>;
  event_id: number;
  brought_by_id: number;
  name: string;
  /** Lower-case. */
  email: string | null;
  business: string | null;
  contact_id: number | null;
  created_at: string;
}

// Engagement lights (migrations/202612062011_engagement_settings.ts): null is the default.
export interface EngagementSettingsTable {
  id: number;
  attendance_points: number | null;
  referral_points: number | null;
  one_to_one_points: number | null;
  visitor_points: number | null;
  thanks_points: number | null;
  green_from: number | null;
  amber_from: number | null;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  sign_in_failures: SignInAttemptsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  two_factor_resets: TwoFactorResetsTable;
  files: FilesTable;
  announcements: AnnouncementsTable;
  settings: SettingsTable;
  club_settings: ClubSettingsTable;
  backup_runs: BackupRunsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  memberships: MembershipsTable;
  contacts: ContactsTable;
  contact_counts: ContactCountsTable;
  contact_files: ContactFilesTable;
  business_cards: BusinessCardsTable;
  contact_labels: ContactLabelsTable;
  contact_label_assignments: ContactLabelAssignmentsTable;
  events: EventsTable;
  event_statuses: EventStatusesTable;
  tickets: TicketsTable;
  ticket_invitations: TicketInvitationsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_statuses: ProductStatusesTable;
  friendships: FriendshipsTable;
  posts: PostsTable;
  post_files: PostFilesTable;
  comments: CommentsTable;
  post_reactions: PostReactionsTable;
  comment_reactions: CommentReactionsTable;
  chat_messages: ChatMessagesTable;
  notifications: NotificationsTable;
  contact_imports: ContactImportsTable;
  contact_import_rows: ContactImportRowsTable;
  invitations: InvitationsTable;
  member_name_words: MemberNameWordsTable;
  wish_list_items: WishListItemsTable;
  big_tasks: BigTasksTable;
  businesses: BusinessesTable;
  business_goals: BusinessGoalsTable;
  goal_actions: GoalActionsTable;
  action_contents: ActionContentsTable;
  trainings: TrainingsTable;
  training_registrations: TrainingRegistrationsTable;
  journal_entries: JournalEntriesTable;
  entrepreneur_entries: EntrepreneurEntriesTable;
  investor_entries: InvestorEntriesTable;
  entrepreneur_documents: EntrepreneurDocumentsTable;
  proposal_connections: ProposalConnectionsTable;
  connection_events: ConnectionEventsTable;
  net_worth_entries: NetWorthEntriesTable;
  net_worth_lines: NetWorthLinesTable;
  calendar_categories: CalendarCategoriesTable;
  calendar_tasks: CalendarTasksTable;
  calendar_occurrences: CalendarOccurrencesTable;
  calendar_versions: CalendarVersionsTable;
  calendar_alerts_sent: CalendarAlertsSentTable;
  referrals: ReferralsTable;
  referral_updates: ReferralUpdatesTable;
  one_to_ones: OneToOnesTable;
  weekly_digests: WeeklyDigestsTable;
  visitors: VisitorsTable;
  engagement_settings: EngagementSettingsTable;
}
