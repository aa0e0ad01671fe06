"use client";

import { navigateWorkspace } from "@/components/workspace/workspace-location";

/**
 * Where the agent is in the knowledge base: the part of /app's hash after `knowledge-base`, so a
 * reload, a bookmark and Back/Forward show the same article or tab.
 *   #knowledge-base                  the articles
 *   #knowledge-base/new              a new article
 *   #knowledge-base/articles/<id>    an article in the editor
 *   #knowledge-base/insights | categories | settings
 */
export const KB_SECTION = "knowledge-base";

export type KbView =
  | { page: "articles" }
  | { page: "new" }
  | { page: "article"; id: string }
  | { page: "insights" }
  | { page: "categories" }
  | { page: "settings" };

export function isKbSection(section: string): boolean {
  return section === KB_SECTION || section.startsWith(`${KB_SECTION}/`);
}

export function kbViewOf(section: string): KbView {
  const [, page = "", id = ""] = section.split("/");
  if (page === "articles" && id) return { page: "article", id: decodeURIComponent(id) };
  if (page === "new" || page === "insights" || page === "categories" || page === "settings") return { page };
  return { page: "articles" };
}

export function kbSectionOf(view: KbView): string {
  if (view.page === "articles") return KB_SECTION;
  if (view.page === "article") return `${KB_SECTION}/articles/${encodeURIComponent(view.id)}`;
  return `${KB_SECTION}/${view.page}`;
}

export const kbHref = (view: KbView) => `/app#${kbSectionOf(view)}`;

export function goToKb(view: KbView) {
  navigateWorkspace({ section: kbSectionOf(view), ticket: null });
}
