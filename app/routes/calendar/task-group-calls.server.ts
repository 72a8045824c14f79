import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { getOwnTask, taskGroup } from "~/features/calendar/calendar.server";
import { taskDefaults } from "~/features/calendar/task-words";
import { todayIn } from "~/features/journal/dates";
import { orNotFound, parseId, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

// SPEC.md §7's calls on a task group, answered from the calendar's own rules.

/** GET /user/calenders/edittask/{groupid}: the edit dialog of the member's own group. */
export async function openEditTask({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.groupid, (id) => getOwnTask(member.id, id));
  return redirect(`/user/calendar/tasks/${task.id}/edit`);
}

/** "2026-11-23T09:00" as §3 writes it: the date and the time's digits joined by a T. */
const specInstant = (local: string) => `${local.slice(0, 10)}T${local.slice(11, 13)}${local.slice(14, 16)}`;

/** GET /user/calenders/task-list-under-group/{groupid}: §3's "Task in a group" list. */
export async function taskListUnderGroup({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const group = orNotFound(await taskGroup(member.id, orNotFound(parseId(params.groupid)), todayIn(member.timeZone)));
  return json(
    group.occurrences.map((occurrence) => ({
      status: occurrence.code,
      is_visible: occurrence.isVisible,
      type: group.task.recurrence,
      start_date: specInstant(occurrence.start),
      end_date: specInstant(occurrence.end),
      title: group.task.title,
      updated_at: group.task.updated_at,
    })),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** §3's task edit payload as the task form's fields: what it names replaces the group's own;
 * the rest (weekdays, monthly and yearly choices) stays as it was. */
export async function editPayloadAsForm(memberId: number, groupId: unknown, payload: FormData) {
  const task = await requireFound(groupId, (id) => getOwnTask(memberId, id));
  const form = new FormData();
  for (const [name, value] of Object.entries(taskDefaults(task))) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  const renamed: Record<string, string> = {
    EditTaskTiltle: "title",
    EditTaskCategory: "category",
    EditTaskRecursive: "recurrence",
    EditTaskStartDate: "start_date",
    EditTaskStartTime: "start_time",
    EditTaskEndTime: "end_time",
    EditTaskmyRange: "priority",
    place_edit: "place",
    person_edit: "person",
    description_edit: "description",
  };
  for (const [from, to] of Object.entries(renamed)) {
    const value = payload.get(from);
    if (typeof value === "string") form.set(to, value);
  }
  const until = payload.get("EditTaskEndDate");
  if (typeof until === "string" && until.trim()) {
    form.set("ends", "on");
    form.set("until_date", until);
  }
  const alert = payload.get("EditTaskenablealert");
  if (alert !== null) form.set("alert", alert === "1" ? "1" : "");
  const csrf = payload.get("csrf");
  if (csrf !== null) form.set("csrf", csrf);
  return { task, form };
}
