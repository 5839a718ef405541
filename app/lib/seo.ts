import { SITE } from "./site";

export type SeoInput = {
  title: string;
  description?: string;
  /** Absolute canonical URL of the page. */
  url?: string;
  /** Absolute or root-relative image URL (made absolute with `origin`). */
  image?: string | null;
  origin?: string;
  type?: "website" | "article";
  noindex?: boolean;
};

/** Per-page title, description, canonical link, Open Graph and Twitter tags for a Remix meta export. */
export function seoMeta(input: SeoInput) {
  const description = input.description ?? SITE.description;
  const image = input.image
    ? input.image.startsWith("http")
      ? input.image
      : input.origin
        ? new URL(input.image, input.origin).href
        : input.image
    : undefined;
  const tags: Record<string, string>[] = [
    { title: input.title },
    { name: "description", content: description },
    { property: "og:title", content: input.title },
    { property: "og:description", content: description },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: SITE.name },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: description },
  ];
  if (input.url) {
    tags.push({ property: "og:url", content: input.url });
    tags.push({ tagName: "link", rel: "canonical", href: input.url });
  }
  if (image) {
    tags.push({ property: "og:image", content: image });
    tags.push({ name: "twitter:image", content: image });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
