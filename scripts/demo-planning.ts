// The demo's planning tools, calendar and journal, trainings, net worth and proposals (see
// demo-data.ts): a year of one member's plans, days and finances, a training and a loan on each side, so that every area
// of a fresh demo install has something to show. Each part is added once: a part whose first
// row is there already is left alone.
import { createTask, markOccurrence, occurrencesBetween } from "../app/features/calendar/calendar.server.ts";
import { TaskSchema } from "../app/features/calendar/schema.ts";
import { addDays, todayIn } from "../app/features/journal/dates.ts";
import { saveJournalEntry } from "../app/features/journal/journal.server.ts";
import { createBigTask } from "../app/features/planning/big-task.server.ts";
import { BigTaskSchema } from "../app/features/planning/big-task-schema.ts";
import { createAction, createGoal } from "../app/features/planning/business-goals.server.ts";
import { ActionSchema, BusinessSchema, GoalSchema } from "../app/features/planning/business-schema.ts";
import { createBusiness } from "../app/features/planning/business.server.ts";
import { createWishListItem } from "../app/features/planning/wish-list.server.ts";
import { WishListSchema } from "../app/features/planning/wish-list-schema.ts";
import { createEntry, createLine } from "../app/features/networth/networth.server.ts";
import { EntrySchema, ExpenseLineSchema, IncomeLineSchema } from "../app/features/networth/schema.ts";
import { createEntrepreneur, createInvestor } from "../app/features/proposals/entries.server.ts";
import { EntrepreneurSchema, InvestorSchema } from "../app/features/proposals/schema.server.ts";
import { createTraining } from "../app/features/trainings/trainings.server.ts";
import { TrainingSchema } from "../app/features/trainings/schema.ts";
import { db } from "../app/lib/db.server.ts";
import { clubTimeZone } from "../app/lib/env.server.ts";

type Member = { id: number; name: string };
type OwnedTable =
  | "wish_list_items"
  | "big_tasks"
  | "businesses"
  | "calendar_tasks"
  | "journal_entries"
  | "trainings"
  | "net_worth_entries"
  | "entrepreneur_entries"
  | "investor_entries";

async function has(table: OwnedTable, memberId: number) {
  return Boolean(await db.selectFrom(table).select("id").where("member_id", "=", memberId).executeTakeFirst());
}

/** Adds the parts that are missing; answers how many parts it added. */
export async function seedDemoPlanning(planner: Member, lender: Member): Promise<number> {
  const year = new Date().getUTCFullYear();
  let added = 0;

  if (!(await has("wish_list_items", planner.id))) {
    await createWishListItem(
      planner.id,
      WishListSchema.parse({
        title: "Visit the Port of Rotterdam",
        type: "travel",
        target_year: String(year),
        target_date: `${year}-12-15`,
        cost: "2500",
        notes: "With the customs broker.",
      }),
      null,
    );
    await createWishListItem(
      planner.id,
      WishListSchema.parse({
        title: "Learn Mandarin for the Guangzhou fair",
        type: "learn",
        target_year: String(year + 1),
        target_date: "",
        cost: "900",
        notes: "",
      }),
      null,
    );
    added += 1;
  }

  if (!(await has("big_tasks", planner.id))) {
    await createBigTask(
      planner.id,
      BigTaskSchema.parse({
        title: "Open the second warehouse",
        description: "Lease, fit-out, staff.",
        priority: "8",
        year: String(year),
        due_date: `${year}-12-31`,
        status: "in_progress",
      }),
    );
    await createBigTask(
      planner.id,
      BigTaskSchema.parse({ title: "Renew the bonded licence", description: "", priority: "5", year: String(year), due_date: "", status: "pending" }),
    );
    await createBigTask(
      planner.id,
      BigTaskSchema.parse({ title: "Register the trademark", description: "", priority: "4", year: String(year), due_date: "", status: "done" }),
    );
    added += 1;
  }

  if (!(await has("businesses", planner.id))) {
    const business = await createBusiness(
      planner.id,
      BusinessSchema.parse({
        name: "Okafor Freight",
        description: "Freight forwarding and bonded warehousing in Lagos.",
        industry: "Logistics",
        website: "https://okafor-freight.example.com",
      }),
    );
    const goal = await createGoal(
      planner.id,
      business,
      GoalSchema.parse({ title: "Raise the seed round", target: "₦400m from two investors", target_date: `${year + 1}-03-31` }),
    );
    await createAction(planner.id, goal, ActionSchema.parse({ title: "Send the deck to Weber Capital", due_date: `${year + 1}-01-15`, status: "pending" }));
    await createAction(planner.id, goal, ActionSchema.parse({ title: "Audit last year's accounts", due_date: `${year + 1}-02-01`, status: "done" }));
    added += 1;
  }

  // The calendar and journal are the member's own days: today's tasks show the daily series,
  // the week ahead a weekly meeting and an appointment, the journal yesterday's page.
  const zone = (await db.selectFrom("users").select("time_zone").where("id", "=", planner.id).executeTakeFirstOrThrow()).time_zone ?? clubTimeZone();
  const today = todayIn(zone);
  if (!(await has("calendar_tasks", planner.id))) {
    const task = (fields: Record<string, unknown>) => createTask(planner.id, TaskSchema.parse({ priority: "5", ...fields }), zone);
    const daily = await task({
      title: "Check the day's shipments",
      category: "Operations",
      recurrence: "daily",
      start_date: addDays(today, -6),
      start_time: "08:30",
      end_time: "09:00",
      priority: "7",
    });
    const weekly = await task({
      title: "Warehouse team meeting",
      category: "Operations",
      recurrence: "weekly",
      weekdays: ["MO"],
      start_date: addDays(today, -14),
      start_time: "10:00",
      end_time: "11:00",
      ends: "after",
      occurrence_count: "26",
    });
    await task({
      kind: "appointment",
      title: "Lunch with Weber Capital",
      start_date: addDays(today, 3),
      start_time: "13:00",
      end_time: "14:30",
      place: "Weber Capital, Berlin",
      person: "Daniel Weber",
      description: "The seed round: the deck and last year's accounts.",
    });
    // A calendar in use: the series were written before they started (an occurrence before
    // its series was written is never missed, it would read Pending), and the past is marked:
    // every meeting held, every day's check done (today's too, once its time is past) but one,
    // which reads Missed.
    await db
      .updateTable("calendar_tasks")
      .set({ created_at: `${addDays(today, -16)}T00:00:00.000Z` })
      .where("id", "in", [daily, weekly])
      .execute();
    for (const occurrence of await occurrencesBetween(planner.id, addDays(today, -16), today)) {
      if (occurrence.status !== "missed" || (occurrence.taskId === daily && occurrence.date === addDays(today, -3))) continue;
      await markOccurrence(planner.id, occurrence.taskId, occurrence.date, "completed");
    }
    added += 1;
  }

  if (!(await has("journal_entries", planner.id))) {
    await saveJournalEntry(
      planner.id,
      addDays(today, -1),
      "Cleared two containers at Apapa before noon. The bonded licence renewal needs the fire certificate first: ask Tunde on Monday.",
    );
    added += 1;
  }

  if (!(await has("trainings", planner.id))) {
    await createTraining(
      planner,
      TrainingSchema.parse({
        title: "Customs paperwork for first-time importers",
        description: "Forms, duties and the clearing agent's checklist.",
        trainer_name: "",
        date: `${year + 1}-02-10`,
        start_time: "10:00",
        // In Lagos, on Lagos's clock (the demo club's own zone is the install's).
        time_zone: "Africa/Lagos",
        duration: "90",
        place: "Chapter lounge, Victoria Island, Lagos",
        online_link: "",
        capacity: "12",
      }),
      null,
    );
    added += 1;
  }

  if (!(await has("net_worth_entries", planner.id))) {
    const entries = [
      { title: "Savings at the bank", type: "cash", q1: "8450000", q2: "9100000", q3: "", q4: "12300000" },
      { title: "Okafor Freight shares", type: "business_equity", q1: "60000000", q2: "64000000", q3: "61250000", q4: "70000000" },
      { title: "Truck loan", type: "loans", q1: "14000000", q2: "12500000", q3: "11000000", q4: "9500000" },
    ];
    for (const entry of entries) await createEntry(planner.id, EntrySchema.parse({ ...entry, year: String(year) }));
    for (const quarter of ["1", "2", "3", "4"]) {
      await createLine(
        planner.id,
        "income",
        IncomeLineSchema.parse({
          year: String(year),
          quarter,
          category: "business",
          description: "Freight margin",
          amount: String(9_500_000 + Number(quarter) * 400_000),
        }),
      );
      await createLine(
        planner.id,
        "expense",
        ExpenseLineSchema.parse({ year: String(year), quarter, category: "housing", description: "Rent and upkeep", amount: "3600000" }),
      );
    }
    added += 1;
  }

  if (!(await has("entrepreneur_entries", planner.id))) {
    await createEntrepreneur(
      planner.id,
      EntrepreneurSchema.parse({
        business_name: "Okafor Freight",
        sector: "logistics",
        amount: "45000",
        purpose: "Fit-out of the second bonded warehouse in Apapa: racking, forklifts and the customs office.",
        term_months: "24",
        rate: "14",
        country: "NG",
      }),
    );
    added += 1;
  }

  if (!(await has("investor_entries", lender.id))) {
    await createInvestor(
      lender.id,
      InvestorSchema.parse({
        amount: "250000",
        min_ticket: "20000",
        max_ticket: "100000",
        sectors: ["logistics", "energy"],
        term_months: "36",
        rate: "12",
        countries: ["NG", "GH"],
      }),
    );
    added += 1;
  }
  return added;
}
