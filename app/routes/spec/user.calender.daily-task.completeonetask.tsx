import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DailyTaskQuestion } from "~/features/calendar/DailyTaskQuestion";
import { dailyTaskCall, dailyTaskQuestion } from "~/routes/calendar/daily-task-calls.server";

// Functions, not dailyTaskQuestion("…") at the top: the browser's copy of this module has no
// server code to call.

/** SPEC.md §7 /user/calender/daily-task/completeonetask {dailytask_id}: see daily-task-calls.server.ts. */
export function loader(args: LoaderFunctionArgs) {
  return dailyTaskQuestion("completeonetask", args);
}

export function action(args: ActionFunctionArgs) {
  return dailyTaskCall("completeonetask", args);
}

export default function DailyTask() {
  const { key, title, date, question } = useLoaderData<typeof loader>();
  return <DailyTaskQuestion dailyTaskId={key} title={title} date={date} question={question} />;
}
