import { z } from "zod";
import { parseFocus, type Focus } from "./image-variants";
import { comedianSlug, normalizeSocialLink, SLUG_PATTERN, SOCIAL_KINDS, type SocialKind } from "./lineup";
import { comedianSchema } from "./vote-schema";

/**
 * The staff comedian profile form (/admin/comedians/new and /admin/comedians/{id}): one
 * schema for the browser constraints, the client check and the server parse.
 */
export const COMEDIAN_FIELD_MAX = { name: 100, slug: 60, bio: 500, url: 2_000 } as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const comedianProfileFields = z.object({
  name: optionalText(COMEDIAN_FIELD_MAX.name, "Please keep the name under 100 characters"),
  slug: optionalText(COMEDIAN_FIELD_MAX.slug, "Please keep the address under 60 characters"),
  bio: optionalText(COMEDIAN_FIELD_MAX.bio, "Please keep the bio under 500 characters"),
  /** The headshot's focal point, "x,y" in percent (clicked on the photo with JavaScript). */
  photoFocus: optionalText(20, "Enter two numbers from 0 to 100 (across, down), e.g. 50,30"),
  /** The "Remove photo" button's value (the form is saved and the headshot removed). */
  removePhoto: z.literal("yes").optional(),
  instagram: optionalText(COMEDIAN_FIELD_MAX.url, "Please keep this under 2000 characters"),
  tiktok: optionalText(COMEDIAN_FIELD_MAX.url, "Please keep this under 2000 characters"),
  youtube: optionalText(COMEDIAN_FIELD_MAX.url, "Please keep this under 2000 characters"),
  website: optionalText(COMEDIAN_FIELD_MAX.url, "Please keep this under 2000 characters"),
});

export type ComedianProfileValues = {
  name: string;
  /** Given by staff, or made from the name (the model makes it unique). */
  slug: string;
  slugGiven: boolean;
  bio: string | null;
  /** null: keep the stored focal point (or the default, the upper middle). */
  photoFocus: Focus | null;
  removePhoto: boolean;
  links: Record<SocialKind, string | null>;
};

export const comedianProfileSchema = comedianProfileFields
  .superRefine((v, ctx) => {
    if (!v.name) ctx.addIssue({ code: "custom", path: ["name"], message: "Comedian name is required" });
    if (v.slug && !SLUG_PATTERN.test(v.slug)) {
      ctx.addIssue({
        code: "custom",
        path: ["slug"],
        message: "Use lower-case letters, digits and single hyphens, e.g. priya-nair",
      });
    }
    if (v.photoFocus && !parseFocus(v.photoFocus)) {
      ctx.addIssue({
        code: "custom",
        path: ["photoFocus"],
        message: "Enter two numbers from 0 to 100 (across, down), e.g. 50,30",
      });
    }
    for (const kind of SOCIAL_KINDS) {
      const result = normalizeSocialLink(kind, v[kind] ?? "");
      if ("error" in result) ctx.addIssue({ code: "custom", path: [kind], message: result.error });
    }
  })
  .transform((v): ComedianProfileValues => {
    const link = (kind: SocialKind) => {
      const r = normalizeSocialLink(kind, v[kind] ?? "");
      return "url" in r ? r.url : null;
    };
    return {
      name: v.name!,
      slug: v.slug || comedianSlug(v.name!),
      slugGiven: Boolean(v.slug),
      bio: v.bio || null,
      photoFocus: parseFocus(v.photoFocus),
      removePhoto: v.removePhoto === "yes",
      links: {
        instagram: link("instagram"),
        tiktok: link("tiktok"),
        youtube: link("youtube"),
        website: link("website"),
      },
    };
  });

/** A stored comedian as the form's text values. */
export function comedianToFormDefaults(c: {
  name: string;
  slug: string | null;
  bio: string | null;
  photoFocus: string | null;
  instagramUrl: string | null;
  tiktokUrl: string | null;
  youtubeUrl: string | null;
  websiteUrl: string | null;
}) {
  return {
    name: c.name,
    slug: c.slug ?? "",
    bio: c.bio ?? "",
    photoFocus: c.photoFocus ?? "",
    instagram: c.instagramUrl ?? "",
    tiktok: c.tiktokUrl ?? "",
    youtube: c.youtubeUrl ?? "",
    website: c.websiteUrl ?? "",
  };
}

/**
 * The spec's two delete buttons ("Delete Directly", "Delete via Server": one action) and
 * the confirmation of a comedian with votes (`confirmed=yes`), on /manage-comedians and
 * /test-delete. The id is read by `parseId`: an unknown one is the spec's "not found".
 */
export const deleteComedianSchema = z.object({
  intent: z.literal("delete"),
  id: z.string().optional(),
  via: z.string().optional(),
  confirmed: z.string().optional(),
});

/** /manage-comedians: add a comedian (the spec's form) or delete one; `intent` picks which. */
export const manageComediansSchema = z.discriminatedUnion("intent", [
  comedianSchema.extend({ intent: z.literal("add") }),
  deleteComedianSchema,
]);
