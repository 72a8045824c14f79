import { formatDate } from "~/lib/format";
import { OwnerActions } from "~/ui/list-card";
import { ListTable } from "~/ui/list-table";
import { StatusSelect } from "~/ui/status-select";
import { BIG_TASK_STATUSES, priorityBand } from "./constants";

type Task = { id: number; title: string; description: string | null; priority: number; due_date: string | null; status: string };

/** SPEC.md §9's priority: the band's name and a star per step. */
export function Priority({ priority }: { priority: number }) {
  return (
    <span className="priority">
      <span className="visually-hidden">{`Priority ${priority} of 10, ${priorityBand(priority).label}`}</span>
      <span className="priority-stars" aria-hidden="true">
        {"★".repeat(priority)}
      </span>{" "}
      <span className="priority-band" aria-hidden="true">
        {priorityBand(priority).label}
      </span>
    </span>
  );
}

/** One year of big tasks, the most important first, each with its status select and actions. */
export function BigTaskTable({ tasks, search }: { tasks: Task[]; search: string }) {
  return (
    <ListTable headings={["Task", "Priority", "Due date", "Status"]} actions="Actions" className="planning-list">
      {tasks.map((task) => (
        <tr key={task.id} data-testid="big-task" className={`planning-row planning-row--${task.status}`}>
          <th scope="row">
            <div className="planning-title">
              <div>
                <span>{task.title}</span>
                {task.status === "done" ? (
                  // Done, not struck through: a line through the title reads as dropped.
                  <span className="badge badge--achieved">
                    <span aria-hidden="true">✓ </span>Done
                  </span>
                ) : null}
                {task.description ? <p className="muted prewrap planning-notes">{task.description}</p> : null}
              </div>
            </div>
          </th>
          <td data-label="Priority">
            <Priority priority={task.priority} />
          </td>
          <td data-label="Due date">{task.due_date ? formatDate(task.due_date) : "—"}</td>
          <td data-label="Status">
            <StatusSelect
              action={`/user/big-tasks/${task.id}/status${search}`}
              value={task.status}
              options={BIG_TASK_STATUSES}
              label={`Status of ${task.title}`}
            />
          </td>
          <td className="cell-action">
            <OwnerActions editTo={`/user/big-tasks/${task.id}/edit${search}`} deleteTo={`/user/big-tasks/${task.id}/delete${search}`} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
