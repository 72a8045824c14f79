import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfInput } from "./csrf-input";
import { ErrorList } from "./field";
import { StatusButton, useIsPending } from "./status-button";

/** A dialog's form (conform's `form` from useServerForm): posted to its own route with the
 * anti-forgery token, its fields (`children`), the form-wide errors below them and one submit
 * button that shows when this form is being sent. */
export function DialogForm<Shape extends Record<string, unknown>>({
  form,
  submitLabel,
  multipart = false,
  className,
  children,
}: {
  form: FormMetadata<Shape, string[]>;
  submitLabel: string;
  multipart?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const pending = useIsPending();
  return (
    <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...getFormProps(form)} className={className}>
      <CsrfInput />
      {children}
      <ErrorList errors={form.errors} />
      <div className="dialog-actions">
        <StatusButton pending={pending}>{submitLabel}</StatusButton>
      </div>
    </Form>
  );
}
