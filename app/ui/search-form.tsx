import { Form, type FormProps, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

const DEBOUNCE_MS = 300;

/**
 * A search or filter form of a list page: a GET form, so the query lives in the address and the
 * results are bookmarkable. Without JS its submit button (among the children) sends it; with JS
 * it also submits as the member types or picks, debounced, replacing the history entry.
 */
export function SearchForm({
  children,
  landmark = true,
  onChange,
  onSubmit,
  ...props
}: Omit<FormProps, "method" | "role"> & { /** false for a form of filters beside the search landmark */ landmark?: boolean }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      {...props}
      method="get"
      role={landmark ? "search" : undefined}
      onChange={(event) => {
        onChange?.(event);
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), DEBOUNCE_MS);
      }}
      onSubmit={(event) => {
        // Sent by hand (Enter, the button): a pending as-you-type search must not follow it.
        clearTimeout(timer.current);
        onSubmit?.(event);
      }}
    >
      {children}
    </Form>
  );
}
