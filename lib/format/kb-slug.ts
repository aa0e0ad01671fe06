import { KB_SLUG_MAX } from "@/lib/schemas/kb";

/**
 * A slug from a title or a name, as a help center address shows it: "Résumé & billing FAQ!" is
 * "resume-billing-faq". Accents lose their marks, anything else that is not a letter or digit
 * becomes a hyphen; a title with nothing left ("???", "日本語") falls back to `fallback`.
 */
export function slugify(text: string, fallback: string, max = KB_SLUG_MAX): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cutSlug(slug, max) || fallback;
}

/** At most `max` characters, cut at a hyphen where one is near, never ending in one. */
export function cutSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const head = slug.slice(0, max);
  const hyphen = head.lastIndexOf("-");
  return (hyphen >= max / 2 ? head.slice(0, hyphen) : head).replace(/-+$/, "");
}
