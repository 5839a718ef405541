import { z } from "zod";
import { parseRecipients } from "../partner-report";
import { parseLinks, parseSections } from "../venue-sections";
import { isWebUrl } from "../web-url";
import { houseRuleFields, houseRulesFromFields } from "./house-rules";

/**
 * The staff venue form (issue 17, venue half): one schema, given to Conform in the page and to
 * the form pipeline on the server; empty fields are stored as null.
 */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .default(null);

const coordinate = (min: number, max: number, label: string) =>
  z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (v === "") return null;
      const n = Number(v);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    })
    .nullable()
    .default(null);

/** The fields as posted (the browser constraints come from this shape). */
export const venueFormFields = z
  .object({
    name: z.string({ error: "Name is required" }).trim().min(1).max(120, "At most 120 characters"),
    address1: optional(200),
    address2: optional(200),
    city: optional(100),
    region: optional(100),
    postalCode: optional(20),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .transform((v) => (v === "" ? null : v))
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}$/, "Country is a two-letter code such as CA or US")
          .nullable(),
      )
      .nullable()
      .default(null),
    latitude: coordinate(-90, 90, "Latitude"),
    longitude: coordinate(-180, 180, "Longitude"),
    phone: optional(40),
    website: optional(300).refine(
      (v) => v === null || isWebUrl(v),
      "Website must start with http:// or https://",
    ),
    accessibilityNotes: optional(1000),
    agePolicy: optional(200),
    doorsNotes: optional(500),
    parkingNotes: optional(1000),
    pageTitle: optional(120),
    pageDescription: optional(300),
    intro: optional(1000),
    cardText: optional(200),
    sections: z
      .string()
      .max(10_000, "At most 10000 characters")
      .default("")
      .transform((v, ctx) => {
        const parsed = parseSections(v);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.value;
      }),
    pageLinks: z
      .string()
      .max(2000, "At most 2000 characters")
      .default("")
      .transform((v, ctx) => {
        const parsed = parseLinks(v);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.value;
      }),
    aboutOrder: z
      .string()
      .trim()
      .default("")
      .transform((v, ctx) => {
        if (v === "") return null;
        if (!/^\d{1,3}$/.test(v)) {
          ctx.addIssue({
            code: "custom",
            message: "Position on /about is a whole number, or empty to leave the venue off",
          });
          return z.NEVER;
        }
        return Number(v);
      }),
    /** Issue 41: the weekly partner report's recipients, one e-mail a line (or commas). */
    reportRecipients: z
      .string()
      .max(2000, "At most 2000 characters")
      .default("")
      .transform((v, ctx) => {
        const parsed = parseRecipients(v);
        if (!parsed.ok) {
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }
        return parsed.value.length ? parsed.value.join("\n") : null;
      }),
    isClub: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
    isWinery: z.preprocess((v) => v === "on" || v === "true", z.boolean()),
    /** Issue 42: the venue's house rules, each the fallback of its shows'. */
    ...houseRuleFields,
  })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: "Give both latitude and longitude, or neither",
    path: ["longitude"],
  });

/** What the server parses: the fields, the six house rules folded into `houseRules`. */
export const venueFormSchema = venueFormFields.transform(
  ({ ruleMinAge, ruleMinimum, ruleSeating, rulePhones, ruleContent, ruleRunningMinutes, ...rest }) => ({
    ...rest,
    houseRules: houseRulesFromFields({
      ruleMinAge,
      ruleMinimum,
      ruleSeating,
      rulePhones,
      ruleContent,
      ruleRunningMinutes,
    }),
  }),
);

export type VenueFormValues = z.infer<typeof venueFormSchema>;
