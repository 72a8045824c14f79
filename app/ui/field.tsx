import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean);
  if (!shown?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {shown.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type Wiring = { id: string; errorId: string; invalid: boolean };

function FieldShell({
  label,
  hint,
  errors,
  className,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  children: (wiring: Wiring) => ReactNode;
}) {
  const fallbackId = useId();
  const id = fallbackId;
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.some(Boolean));
  return (
    <div className={["field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>{label}</label>
      {children({ id, errorId, invalid })}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className="field-error-slot">
        <ErrorList id={errorId} errors={errors} />
      </div>
    </div>
  );
}

function described(wiring: Wiring, hint: unknown) {
  return [wiring.invalid ? wiring.errorId : null, hint ? `${wiring.id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/** Label, control, hint and errors wired together (aria-invalid, aria-describedby). */
export function Field({
  label,
  hint,
  errors,
  className,
  inputProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <FieldShell label={label} hint={hint} errors={errors} className={className}>
      {(wiring) => <input {...inputProps} id={wiring.id} aria-invalid={wiring.invalid || undefined} aria-describedby={described(wiring, hint)} />}
    </FieldShell>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  className,
  textareaProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  return (
    <FieldShell label={label} hint={hint} errors={errors} className={className}>
      {(wiring) => <textarea {...textareaProps} id={wiring.id} aria-invalid={wiring.invalid || undefined} aria-describedby={described(wiring, hint)} />}
    </FieldShell>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  label,
  hint,
  errors,
  className,
  options,
  placeholder,
  selectProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: ListOfErrors;
  className?: string;
  options: readonly Option[];
  placeholder?: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
}) {
  return (
    <FieldShell label={label} hint={hint} errors={errors} className={className}>
      {(wiring) => (
        <select {...selectProps} id={wiring.id} aria-invalid={wiring.invalid || undefined} aria-describedby={described(wiring, hint)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
