import path from "node:path";
import { z } from "zod";
import { isTimeZone, serverTimeZone } from "./time-zones";

// An empty variable (FOO=) counts as unset.
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optional(z.string()),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optional(z.string()),
    SESSION_SECRET: optional(z.string().min(32, "SESSION_SECRET must be at least 32 characters")),
    APP_URL: optional(z.url()),
    TRUST_PROXY: optional(z.string()),
    SMTP_URL: optional(z.string()),
    MAIL_FROM: z.string().default("Chapter <no-reply@chapter.local>"),
    SESSION_DAYS: z.coerce.number().int().positive().default(30),
    SIGNIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    SIGNIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
    PASSWORD_RESET_MINUTES: z.coerce.number().int().positive().default(60),
    /** The club's name, until an admin sets one on the club's page. */
    CLUB_NAME: optional(z.string()),
    /** The club's IANA time zone: times are shown in it to members who have not chosen theirs. */
    CLUB_TIME_ZONE: optional(z.string().refine(isTimeZone, "CLUB_TIME_ZONE must be an IANA time zone, for example Africa/Lagos")),
    /** The weekday the weekly digest goes out ("monday" … "sunday", or "off"), until an admin sets it. */
    WEEKLY_DIGEST_DAY: optional(z.enum(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "off"])),
    INVITATION_DAYS: z.coerce.number().int().positive().default(30),
    PAYMENT_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "PAYMENT_CURRENCY must be a three-letter currency code")
      .default("USD")
      .transform((value) => value.toUpperCase()),
    STRIPE_SECRET_KEY: optional(z.string()),
    STRIPE_WEBHOOK_SECRET: optional(z.string()),
    STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
    STRIPE_CHECKOUT_ORIGIN: z.url().default("https://checkout.stripe.com"),
    BANK_ACCOUNT_NAME: optional(z.string()),
    BANK_NAME: optional(z.string()),
    BANK_IBAN: optional(z.string()),
    BANK_BIC: optional(z.string()),
    BANK_INSTRUCTIONS: optional(z.string()),
    /** Days a ticket waiting for its bank transfer holds its seat before the order is cancelled. */
    TICKET_HOLD_DAYS: z.coerce.number().positive().default(7),
    UPLOADS_DIR: z.string().default("./uploads"),
    /** Set, uploaded files are kept in this S3-compatible bucket instead of UPLOADS_DIR. */
    S3_BUCKET: optional(z.string()),
    /** The S3-compatible service's address (MinIO, Garage, R2 …); unset: AWS. */
    S3_ENDPOINT: optional(z.url()),
    S3_REGION: z.string().default("us-east-1"),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    /** Addresses as endpoint/bucket/key rather than bucket.endpoint/key (most self-hosted services need it). */
    S3_FORCE_PATH_STYLE: optional(z.enum(["true", "false", "1", "0"])),
    UPLOAD_MAX_PROFILE_IMAGE_BYTES: z.coerce.number().int().positive().default(2_000_000),
    UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(10_000_000),
    UPLOAD_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(250_000_000),
    UPLOAD_MAX_DOCUMENT_BYTES: z.coerce.number().int().positive().default(25_000_000),
    UPLOAD_MAX_IMPORT_BYTES: z.coerce.number().int().positive().default(10_000_000),
    /** Set, the server writes a backup there every night (off when unset). */
    BACKUP_DIR: optional(z.string()),
    /** How many nightly backups are kept; older ones are removed after each new one. */
    BACKUP_KEEP: z.coerce.number().int().positive().default(7),
    /** When the nightly backup runs, in the club's time zone. */
    BACKUP_AT: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "BACKUP_AT must be a time of day as HH:MM, for example 02:30")
      .default("02:00"),
  })
  .refine((value) => !value.S3_BUCKET || (value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY) || (!value.S3_ACCESS_KEY_ID && !value.S3_SECRET_ACCESS_KEY), {
    path: ["S3_SECRET_ACCESS_KEY"],
    message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset to use the AWS SDK's own credentials)",
  });

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** process.env, validated once; a bad value stops the server with a readable message. */
export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  cached = parsed.data as Env;
  return cached;
}

/** The club's zone as the environment sets it: the default of the club's page (lib/club.server.ts),
 * which is what times follow. */
export function clubTimeZone() {
  return env().CLUB_TIME_ZONE ?? serverTimeZone();
}

export function dataDir() {
  return path.resolve(env().DATA_DIR);
}

export function uploadsDir() {
  return path.resolve(env().UPLOADS_DIR);
}

export function databaseUrl() {
  return env().DATABASE_URL ?? path.join(dataDir(), "chapter.db");
}

export function isPostgresUrl(url: string) {
  return /^postgres(ql)?:\/\//i.test(url);
}
