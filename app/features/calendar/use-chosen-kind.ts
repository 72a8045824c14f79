import { useState } from "react";

/** The kind the task form is for, as its dialog's title names it ("Add appointment"): the one
 * chosen on the form (with JS), else the one last sent (a refused form, without JS too), else
 * the one the address asked for. */
export function useChosenKind(initial: string, lastResult?: { initialValue?: Record<string, unknown> | null } | null) {
  const [chosen, choose] = useState<string | null>(null);
  const sent = lastResult?.initialValue?.kind;
  return { value: chosen ?? (typeof sent === "string" ? sent : initial), choose };
}
