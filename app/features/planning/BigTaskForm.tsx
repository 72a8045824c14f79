import { getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { DialogForm } from "~/ui/dialog-form";
import { Field, SelectField, TextareaField } from "~/ui/field";
import { useServerForm } from "~/ui/server-form";
import { BIG_TASK_STATUSES, PRIORITY_CHOICES } from "./constants";
import { YearAndDateFields } from "./YearAndDateFields";

/** SPEC.md §2's add task and edit big task form. */
export function BigTaskForm({
  lastResult,
  constraint,
  defaults,
  taskId,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Record<string, string>;
  taskId: number | null;
  submitLabel: string;
}) {
  const [form, fields] = useServerForm(taskId ? `big-task-${taskId}` : "big-task-new", { lastResult, constraint, defaults });
  return (
    <DialogForm form={form} submitLabel={submitLabel}>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} />
      <div className="grid-2">
        <SelectField
          label="Priority"
          hint="1–3 Low, 4–7 Medium, 8–10 High."
          errors={fields.priority.errors}
          options={PRIORITY_CHOICES}
          selectProps={getSelectProps(fields.priority)}
        />
        <SelectField label="Status" errors={fields.status.errors} options={BIG_TASK_STATUSES} selectProps={getSelectProps(fields.status)} />
      </div>
      <YearAndDateFields year={fields.year} date={fields.due_date} yearLabel="Year" dateLabel="Due date" />
    </DialogForm>
  );
}
