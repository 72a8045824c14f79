import { getCollectionProps, getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type InputHTMLAttributes, type ReactNode } from "react";
import { PRIORITY_CHOICES } from "~/features/planning/constants";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField, TextareaField } from "~/ui/field";
import { useServerForm, type ServerFormProps } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { useFieldState } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";
import { MONTHS, NTH_CHOICES, OTHER_CATEGORY, RECURRENCES, WEEKDAYS } from "./constants";

const MONTH_DAYS = [...Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })), { value: "-1", label: "Last day" }];
const MONTH_CHOICES = MONTHS.map((name, index) => ({ value: String(index + 1), label: name }));
const TIME_STEP_SECONDS = 300;

/** One choice of a radio or checkbox group, labelled. */
function Choice({ props, label }: { props: InputHTMLAttributes<HTMLInputElement> & { key?: string }; label: string }) {
  const { key: _key, ...input } = props;
  return (
    <label className="choice">
      <input {...input} />
      {label}
    </label>
  );
}

function Choices({
  field,
  type,
  choices,
  onChange,
}: {
  field: FieldMetadata<unknown>;
  type: "radio" | "checkbox";
  choices: readonly { value: string; label: string }[];
  onChange?: (value: string) => void;
}) {
  const props = getCollectionProps(field, { type, options: choices.map((choice) => choice.value) });
  return (
    <>
      {props.map((input, index) => (
        <Choice key={input.value} props={{ ...input, onChange: onChange ? () => onChange(input.value) : undefined }} label={choices[index].label} />
      ))}
    </>
  );
}

/** A part of the form that applies only sometimes: hidden with JS when it does not apply; shown
 * without JS with its legend saying when it applies (the server ignores it otherwise). */
function Part({ legend, when, applies, hydrated, children }: { legend: string; when: string; applies: boolean; hydrated: boolean; children: ReactNode }) {
  return (
    <fieldset hidden={hydrated && !applies}>
      <legend>
        {legend}
        {hydrated ? null : <span className="muted"> ({when})</span>}
      </legend>
      {children}
    </fieldset>
  );
}

type Defaults = Record<string, string | string[]>;

/** SPEC.md §2's task form: create a task or an appointment, and edit a group. */
export function TaskForm({
  lastResult,
  constraint,
  defaults,
  categories,
  formId,
  submitLabel,
  onKindChange,
}: ServerFormProps<Defaults> & { categories: string[]; formId: string; submitLabel: string; onKindChange?: (kind: string) => void }) {
  const pending = useIsPending();
  const hydrated = useHydrated();
  const [form, fields] = useServerForm(formId, { lastResult, constraint, defaults });
  const initial = (name: string, fallback: string) => String((fields as Record<string, FieldMetadata<unknown>>)[name].initialValue ?? fallback);
  const [kind, setKind] = useFieldState(formId, "kind", initial("kind", "task"));
  const [recurrence, setRecurrence] = useFieldState(formId, "recurrence", initial("recurrence", "none"));
  const [monthMode, setMonthMode] = useFieldState(formId, "month_mode", initial("month_mode", "day"));
  const [ends, setEnds] = useFieldState(formId, "ends", initial("ends", "never"));
  const [category, setCategory] = useFieldState(formId, "category", initial("category", ""));
  const task = kind === "task";
  const repeats = task && recurrence !== "none";
  // A field of its own that applies only sometimes: without JS its label says when.
  const onlyFor = (label: string, when: string) =>
    hydrated ? (
      label
    ) : (
      <>
        {label}
        <span className="muted"> ({when})</span>
      </>
    );
  const categoryOptions = [...categories.map((name) => ({ value: name, label: name })), { value: OTHER_CATEGORY, label: "Other (a new category)" }];
  return (
    <Form method="post" {...getFormProps(form)} className="task-form">
      <CsrfInput />
      <fieldset className="choices-inline">
        <legend>Create</legend>
        <Choices
          field={fields.kind}
          type="radio"
          choices={[
            { value: "task", label: "Task" },
            { value: "appointment", label: "Appointment" },
          ]}
          onChange={(value) => {
            setKind(value);
            onKindChange?.(value);
          }}
        />
      </fieldset>
      <Field label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), autoComplete: "off" }} />
      <div hidden={hydrated && !task}>
        <SelectField
          label={onlyFor("Category", "tasks only")}
          errors={fields.category.errors}
          placeholder="No category"
          options={categoryOptions}
          selectProps={{ ...getSelectProps(fields.category), onChange: (event) => setCategory(event.currentTarget.value) }}
        />
        <div hidden={hydrated && category !== OTHER_CATEGORY}>
          <Field
            label={onlyFor("New category", "when the category is Other")}
            errors={fields.new_category.errors}
            inputProps={{ ...getInputProps(fields.new_category, { type: "text" }), autoComplete: "off" }}
          />
        </div>
      </div>
      <div className="grid-2">
        <Field label="Start date" errors={fields.start_date.errors} inputProps={getInputProps(fields.start_date, { type: "date" })} />
        <Field
          label="Start time"
          errors={fields.start_time.errors}
          inputProps={{ ...getInputProps(fields.start_time, { type: "time" }), step: TIME_STEP_SECONDS }}
        />
      </div>
      {/* SPEC.md §4: an appointment is a moment, its end fields hidden. */}
      <div hidden={hydrated && !task}>
        <div className="grid-2">
          <Field
            label={onlyFor("End date", "tasks only")}
            hint="Only when it ends on a later day."
            errors={fields.end_date.errors}
            inputProps={getInputProps(fields.end_date, { type: "date" })}
          />
          <Field
            label={onlyFor("End time", "tasks only")}
            errors={fields.end_time.errors}
            inputProps={{ ...getInputProps(fields.end_time, { type: "time" }), step: TIME_STEP_SECONDS }}
          />
        </div>
      </div>
      <SelectField
        label="Priority"
        hint="1–3 Low, 4–7 Medium, 8–10 High."
        errors={fields.priority.errors}
        options={PRIORITY_CHOICES}
        selectProps={getSelectProps(fields.priority)}
      />
      <label className="choice">
        <input {...getInputProps(fields.alert, { type: "checkbox", value: "1" })} />
        Alert me before it starts
      </label>
      <div hidden={hydrated && !task}>
        <SelectField
          label={onlyFor("Repeats", "tasks only")}
          errors={fields.recurrence.errors}
          options={RECURRENCES}
          selectProps={{ ...getSelectProps(fields.recurrence), onChange: (event) => setRecurrence(event.currentTarget.value) }}
        />
        <Part
          legend="On"
          when="weekly and every two weeks; none chosen: the date's weekday"
          applies={recurrence === "weekly" || recurrence === "biweekly"}
          hydrated={hydrated}
        >
          <div className="choices-inline">
            <Choices field={fields.weekdays} type="checkbox" choices={WEEKDAYS} />
          </div>
          <ErrorList errors={fields.weekdays.errors} />
        </Part>
        <Part legend="Each month" when="monthly" applies={recurrence === "monthly"} hydrated={hydrated}>
          <Choices
            field={fields.month_mode}
            type="radio"
            choices={[
              { value: "day", label: "On a day of the month" },
              { value: "weekday", label: "On a weekday of the month" },
            ]}
            onChange={setMonthMode}
          />
          <div hidden={hydrated && monthMode !== "day"}>
            <SelectField
              label="Day"
              hint="Months without that day are skipped."
              errors={fields.month_day.errors}
              options={MONTH_DAYS}
              selectProps={getSelectProps(fields.month_day)}
            />
          </div>
          <div className="grid-2" hidden={hydrated && monthMode !== "weekday"}>
            <SelectField
              label="Which"
              hint="A month without a fifth one is skipped."
              errors={fields.month_nth.errors}
              placeholder="Choose"
              options={NTH_CHOICES}
              selectProps={getSelectProps(fields.month_nth)}
            />
            <SelectField
              label="Weekday"
              errors={fields.month_weekday.errors}
              placeholder="Choose"
              options={WEEKDAYS}
              selectProps={getSelectProps(fields.month_weekday)}
            />
          </div>
        </Part>
        <Part legend="Each year" when="yearly" applies={recurrence === "yearly"} hydrated={hydrated}>
          <div className="grid-2">
            <SelectField label="Month" errors={fields.year_month.errors} options={MONTH_CHOICES} selectProps={getSelectProps(fields.year_month)} />
            <Field
              label="Day"
              hint="29 February: leap years only."
              errors={fields.year_day.errors}
              inputProps={{ ...getInputProps(fields.year_day, { type: "number" }), min: 1, max: 31 }}
            />
          </div>
        </Part>
        <Part legend="Ends" when="repeating tasks" applies={repeats} hydrated={hydrated}>
          <Choices
            field={fields.ends}
            type="radio"
            choices={[
              { value: "never", label: "Never" },
              { value: "on", label: "On a date" },
              { value: "after", label: "After a number of times" },
            ]}
            onChange={setEnds}
          />
          <div className="grid-2">
            <div hidden={hydrated && ends !== "on"}>
              <Field label="Repeat until" errors={fields.until_date.errors} inputProps={getInputProps(fields.until_date, { type: "date" })} />
            </div>
            <div hidden={hydrated && ends !== "after"}>
              <Field
                label="Occurrences"
                errors={fields.occurrence_count.errors}
                inputProps={{ ...getInputProps(fields.occurrence_count, { type: "number" }), min: 1, max: 500 }}
              />
            </div>
          </div>
        </Part>
      </div>
      <Part legend="Where and with whom" when="appointments only" applies={!task} hydrated={hydrated}>
        <Field label="Place" errors={fields.place.errors} inputProps={getInputProps(fields.place, { type: "text" })} />
        <Field label="Person" errors={fields.person.errors} inputProps={getInputProps(fields.person, { type: "text" })} />
        <TextareaField label="Description" errors={fields.description.errors} textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} />
      </Part>
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
