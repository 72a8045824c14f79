import { type SubmissionResult, useForm } from "@conform-to/react";

/** What an area's form component gets from its route: the action's last answer, the schema's
 * HTML constraints (zod itself stays on the server) and the values the form starts from. */
export type ServerFormProps<Defaults extends Record<string, unknown> = Record<string, string>> = {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Record<string, unknown>;
  defaults: Defaults;
};

/** conform's form for a schema checked by the server: checked when sent, then again as the
 * member corrects a field, with the server's messages either way. */
export function useServerForm<Defaults extends Record<string, unknown>>(id: string, { lastResult, constraint, defaults }: ServerFormProps<Defaults>) {
  return useForm<Defaults>({
    id,
    lastResult,
    constraint: constraint as never,
    defaultValue: defaults as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
