/** One of the day's calendar tasks as the print view lists it, already in words: its time on
 * the member's clock ("09:00 – 10:00", null for all day) and its status ("Completed"). */
export type PrintedTask = { key: string; title: string; time: string | null; status: string };

/** The print view's section of the day's calendar tasks; nothing at all on a day without any. */
export function PrintedTasks({ tasks }: { tasks: PrintedTask[] }) {
  if (!tasks.length) return null;
  return (
    <section aria-labelledby="print-tasks-heading">
      <h2 id="print-tasks-heading">Tasks</h2>
      <ul className="print-tasks" aria-label="Tasks of the day">
        {tasks.map((task) => (
          <li key={task.key}>
            <span className="print-task-time">{task.time ?? "All day"}</span>
            <span>{task.title}</span>
            <span className="muted">{task.status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
