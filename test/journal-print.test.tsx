import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { PrintedTasks } from "~/features/journal/PrintedTasks";

describe("the print view's tasks section", () => {
  test("is left out on a day without tasks", () => {
    expect(renderToStaticMarkup(<PrintedTasks tasks={[]} />)).toBe("");
  });

  test("lists each task with its time (or all day), title and status", () => {
    const html = renderToStaticMarkup(
      <PrintedTasks
        tasks={[
          { key: "1", title: "Call the landlord", time: "09:00 – 09:30", status: "Completed" },
          { key: "2", title: "Customs <inspection>", time: null, status: "Pending" },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="print-tasks-heading">Tasks</h2>');
    expect(html).toContain('<li><span class="print-task-time">09:00 – 09:30</span><span>Call the landlord</span><span class="muted">Completed</span></li>');
    expect(html).toContain('<span class="print-task-time">All day</span><span>Customs &lt;inspection&gt;</span>');
  });
});
