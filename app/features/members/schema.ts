import { z } from "zod";
import { isTimeZone } from "~/lib/time-zones";

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

const Email = z
  .string({ error: "Email is required." })
  .trim()
  .toLowerCase()
  .max(254, "That e-mail address is too long.")
  .pipe(z.email({ error: "Please provide a valid email address." }));

const NewPassword = z
  .string({ error: "Please choose a password." })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`);

const Name = z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(100, "Use at most 100 characters.");

const MemberType = z.enum(["entrepreneur", "investor", "business_contact"], {
  error: "Choose entrepreneur, investor or business contact.",
});

export const SignUpSchema = z.object({
  name: Name,
  email: Email,
  password: NewPassword,
  memberType: MemberType,
  redirectTo: z.string().optional(),
  /** The invitation the sign-up came from, if any (its token). */
  invite: z.string().optional(),
});

export const SignInSchema = z.object({
  email: Email,
  password: z.string({ error: "Please enter your password." }).max(PASSWORD_MAX),
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({ email: Email });

function confirmed<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "The two passwords do not match." });
  }
}

export const ResetPasswordSchema = z
  .object({ password: NewPassword, confirmPassword: z.string({ error: "Please repeat the password." }) })
  .superRefine(confirmed);

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password." }).max(PASSWORD_MAX),
    password: NewPassword,
    confirmPassword: z.string({ error: "Please repeat the password." }),
  })
  .superRefine(confirmed);

const Optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

export const ProfileSchema = z.object({
  name: Name,
  memberType: MemberType,
  occupation: Optional(100),
  industry: Optional(100),
  business: Optional(150),
  businessType: Optional(100),
  // Checked against the dataset (lib/places.server.ts), which says what is wrong.
  country: Optional(60),
  province: Optional(60),
  city: Optional(100),
  lookingFor: Optional(300),
  // Empty: the club's zone (CLUB_TIME_ZONE).
  timeZone: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isTimeZone(value), "Choose a time zone from the list."),
});

export type Profile = z.infer<typeof ProfileSchema>;

/** The profile form's "show the provinces and cities" submit (without JS): nothing to check, the typed values are kept. */
export const RefreshPlacesSchema = z.object({});

/** The admin's "Enable" button on the members list. */
export const EnableMemberSchema = z.object({ intent: z.literal("enable"), memberId: z.unknown() });

const OneTimeCode = z
  .string({ error: "Please enter the code from your app, or a recovery code." })
  .trim()
  .min(1, "Please enter the code from your app, or a recovery code.")
  .max(40, "That is not a code we gave you.");

export const TwoFactorSignInSchema = z.object({ code: OneTimeCode });

export const TwoFactorSetupSchema = z.object({
  secret: z.string().regex(/^[A-Z2-7]{32}$/, "The key was changed on the way; please start again."),
  code: z
    .string({ error: "Please enter the 6-digit code your app shows." })
    .trim()
    .min(1, "Please enter the 6-digit code your app shows.")
    .max(20, "Enter the 6 digits your app shows."),
});

export const TwoFactorOffSchema = z.object({
  currentPassword: z.string({ error: "Please enter your password." }).max(PASSWORD_MAX),
});

/** Regenerating recovery codes: a code from the app, or the password. */
export const RecoveryCodesSchema = z.object({
  proof: z.string({ error: "Please enter a code from your app, or your password." }).max(PASSWORD_MAX),
});
