import { z } from "zod";

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

// SPEC.md §5's messages. The phone number is checked on the server with libphonenumber
// (contacts.server.ts), which is too heavy to ship to phones.
export const ContactSchema = z.object({
  name: z.string({ error: "Name is required." }).trim().min(1, "Name is required.").max(120, "Use at most 120 characters."),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "Please provide a valid email address.")
    .pipe(z.union([z.literal(""), z.email({ error: "Please provide a valid email address." })]))
    .optional()
    .transform((value) => (value ? value : null)),
  phone: optionalText(40),
  country: optionalText(60),
  province: optionalText(60),
  city: optionalText(100),
  occupation: optionalText(120),
  meet_place: optionalText(120),
});

export type ContactInput = z.infer<typeof ContactSchema>;

export const BusinessSchema = z.object({
  company: optionalText(150),
  business_type: optionalText(100),
  industry: optionalText(100),
  website: z
    .string()
    .trim()
    .max(300, "Use at most 300 characters.")
    .optional()
    .transform((value) => (value ? (/^https?:\/\//i.test(value) ? value : `https://${value}`) : null))
    .pipe(z.union([z.null(), z.url({ protocol: /^https?$/, error: "Enter a web address, for example example.com." })])),
  address: optionalText(300),
  business_description: optionalText(2000),
});

export type BusinessInput = z.infer<typeof BusinessSchema>;
