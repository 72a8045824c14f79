import type { z } from "zod";
import { recordSignInFailure, type SignInBlock } from "./sign-in-throttle.server";

/**
 * The check of a form field that proves the member is who they say (their password, or a code
 * from their app), for a schema's superRefine: a wrong proof counts with the sign-in throttle's
 * failures, the same counts as signing in, and while the throttle has paused the member every
 * proof is refused with its message (`blocked`, read before the form).
 */
export function proofCheck<T>(
  member: { email: string },
  ip: string,
  blocked: SignInBlock | null,
  { field, holds, wrong }: { field: keyof T & string; holds: (data: T) => Promise<boolean>; wrong: string },
) {
  return async (data: T, ctx: z.RefinementCtx) => {
    if (blocked) {
      ctx.addIssue({ code: "custom", path: [field], message: blocked.message });
    } else if (!(await holds(data))) {
      await recordSignInFailure(member.email, ip);
      ctx.addIssue({ code: "custom", path: [field], message: wrong });
    }
  };
}
