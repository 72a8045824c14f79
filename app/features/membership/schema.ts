import { z } from "zod";
import { PACKAGES } from "./packages";

// SPEC.md §7: the membership payment modal posts package_type, amount and MemberShip.
export const MembershipPaymentSchema = z.object({
  package_type: z.enum(PACKAGES.map((item) => item.id) as [string, ...string[]], {
    error: "Choose a membership package.",
  }),
  MemberShip: z.enum(["monthly", "annual"], { error: "Choose monthly or annual membership." }),
  amount: z.coerce.number().nonnegative().optional(),
});
