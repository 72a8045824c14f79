import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { completedCount, deleteTask, getOwnOccurrence, markOccurrence } from "~/features/calendar/calendar.server";
import {
  cancelledMessage,
  deletedMessage,
  CANCEL_QUESTION,
  COMPLETE_QUESTION,
  COMPLETED_MESSAGE,
  deleteAgainQuestion,
  DELETE_QUESTION,
} from "~/features/calendar/constants";
import { formatDate } from "~/lib/format";
import { orNotFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember, type Member } from "~/lib/session.server";
import { calendarReturn } from "./calendar-address.server";

// SPEC.md §7's daily-task calls (`dailytask_id`: an occurrence's key, "12-2026-11-27"). A call
// answers text, as §4 has it: `error-{n}` when the group has n completed occurrences and must
// be asked about again, else the id of the element to hide. Opened as a page (GET) each shows
// its question with a form that posts, so no GET changes anything; that form's answer is the
// calendar with a notice.

export type DailyTaskCall = "delete" | "deleteagain" | "deleteonetask" | "completeonetask";

const QUESTIONS: Record<DailyTaskCall, (completed: number) => string> = {
  delete: () => DELETE_QUESTION,
  deleteagain: deleteAgainQuestion,
  deleteonetask: () => CANCEL_QUESTION,
  completeonetask: () => COMPLETE_QUESTION,
};

/** The element of the daily tasks list that shows an occurrence. */
export const dailyTaskElement = (key: string) => `daily-task-${key}`;

async function requireDailyTask(member: Member, key: FormDataEntryValue | null) {
  return orNotFound(await getOwnOccurrence(member.id, key));
}

/** GET: the call's question, and the form that asks it. */
export async function dailyTaskQuestion(call: DailyTaskCall, { request }: LoaderFunctionArgs) {
  {
    const member = await requireMember(request);
    const { task, occurrence } = await requireDailyTask(member, new URL(request.url).searchParams.get("dailytask_id"));
    const completed = await completedCount(member.id, task.id);
    return json({
      key: occurrence.key,
      title: task.title,
      date: occurrence.date,
      question: QUESTIONS[call](completed),
    });
  }
}

/** POST: does what the call says and answers §4's text (or, from the question's form, the
 * calendar with a notice). */
export async function dailyTaskCall(call: DailyTaskCall, { request }: ActionFunctionArgs) {
  {
    const member = await requireMember(request);
    const form = await request.formData();
    const { task, occurrence } = await requireDailyTask(member, form.get("dailytask_id"));
    const answer = async (text: string, message: string) =>
      form.get("from_page") === "1"
        ? respond(request, { type: "success", message }, { to: calendarReturn(request, member.timeZone) })
        : new Response(text, {
            headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
    if (call === "delete") {
      const completed = await completedCount(member.id, task.id);
      if (completed > 0) {
        if (form.get("from_page") === "1")
          return respond(request, { type: "warning", message: deleteAgainQuestion(completed) }, { to: `/user/calendar/tasks/${task.id}/delete?again=1` });
        return new Response(`error-${completed}`, {
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }
    }
    if (call === "delete" || call === "deleteagain") {
      await deleteTask(member.id, task.id);
      return answer(dailyTaskElement(occurrence.key), deletedMessage(task.title));
    }
    await markOccurrence(member.id, task.id, occurrence.date, call === "completeonetask" ? "completed" : "cancelled");
    return answer(dailyTaskElement(occurrence.key), call === "completeonetask" ? COMPLETED_MESSAGE : cancelledMessage(task.title, formatDate(occurrence.date)));
  }
}
