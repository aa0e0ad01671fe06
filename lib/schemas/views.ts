import type { ListSort } from "@/lib/tickets/sort";
import { singleLine } from "./fields";
import { CUSTOM_FIELD_KEY_PATTERN, fieldKeyOf, isFieldRef } from "./fields-custom";
import { checkListQuery, listSortSchema, ticketListQueryFields } from "./tickets";
import { z } from "./zod";

/** Each agent keeps at most this many views of their own, and a team this many shared ones: each is a sidebar line. */
export const SAVED_VIEWS_MAX = 50;
export const SAVED_VIEW_NAME_MAX = 60;
/**
 * A view's count stops here and reads "1000+", as other help desks show it: counting further
 * would read every matching ticket on each sidebar refresh, and nobody works a queue by its
 * exact size past a thousand.
 */
export const SAVED_VIEW_COUNT_CAP = 1000;

export const VIEW_NAME_REQUIRED = "Please give the view a name";

/** A view holds at most this many custom field filters, as the list takes at most this many. */
const VIEW_FIELD_FILTERS_MAX = 10;
const VIEW_FIELD_FILTER_MAX = 1_000;

/**
 * The list's custom field filters (`field.<key>`) a view keeps beside its other filters; nothing
 * else unknown. Their keys and values are checked against the organisation's fields on saving.
 */
function onlyFieldFilters(filters: Record<string, unknown>, ctx: z.RefinementCtx) {
  const known = new Set(Object.keys(ticketListQueryFields.shape));
  const extra = Object.entries(filters).filter(([name]) => !known.has(name));
  if (extra.length > VIEW_FIELD_FILTERS_MAX)
    ctx.addIssue({ code: "custom", message: `At most ${VIEW_FIELD_FILTERS_MAX} custom field filters at once` });
  for (const [name, value] of extra) {
    const key = isFieldRef(name) ? fieldKeyOf(name) : null;
    if (key === null || !CUSTOM_FIELD_KEY_PATTERN.test(key))
      ctx.addIssue({ code: "custom", message: `Unknown filter "${name.slice(0, 60)}"`, path: [name] });
    else if (typeof value !== "string" || value.trim() === "" || value.length > VIEW_FIELD_FILTER_MAX)
      ctx.addIssue({ code: "custom", message: `The filter on "${key}" needs a value`, path: [name] });
  }
}

/**
 * A view's filters: the list's query parameters as GET /api/tickets takes them, checked by the
 * very same schema, less the page (cursor, limit) and the order (the view's own `sort`), with
 * its custom field filters.
 */
export const savedViewFiltersSchema = ticketListQueryFields
  .omit({ cursor: true, limit: true, sort: true })
  .loose()
  .superRefine(checkListQuery)
  .superRefine(onlyFieldFilters)
  .transform(({ cursor: _cursor, limit: _limit, sort: _sort, ...filters }) => filters);
export type SavedViewFilters = z.infer<typeof savedViewFiltersSchema>;

const nameSchema = singleLine(z.string({ error: VIEW_NAME_REQUIRED }).trim())
  .min(1, VIEW_NAME_REQUIRED)
  .max(SAVED_VIEW_NAME_MAX, `Name must be at most ${SAVED_VIEW_NAME_MAX} characters`);

/** Relevance orders by the search, so a view without one cannot use it. */
function relevanceNeedsSearch(v: { sort?: string | null; filters?: { q?: string } }, ctx: z.RefinementCtx) {
  if (v.sort === "relevance" && v.filters && !v.filters.q)
    ctx.addIssue({ code: "custom", message: "Relevance needs a search", path: ["sort"] });
}

/** POST /api/views: a view of one's own, or (admins) one shared with the team. */
export const savedViewCreateSchema = z
  .object({
    name: nameSchema,
    shared: z.boolean({ error: "shared must be true or false" }).default(false),
    filters: savedViewFiltersSchema.default({}),
    sort: listSortSchema.optional(),
  })
  .superRefine(relevanceNeedsSearch);
export type SavedViewInput = z.infer<typeof savedViewCreateSchema>;

/** PATCH /api/views/{id}: rename it, change its filters or its order (null: the list's default). */
export const savedViewPatchSchema = z
  .object({
    name: nameSchema.optional(),
    filters: savedViewFiltersSchema.optional(),
    sort: listSortSchema.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.filters === undefined && v.sort === undefined)
      ctx.addIssue({ code: "custom", message: "Nothing to update" });
    relevanceNeedsSearch(v, ctx);
  });
export type SavedViewPatch = z.infer<typeof savedViewPatchSchema>;

/** PUT /api/views/order: every view of one sidebar section (one's own, or the shared ones) in its new order. */
export const savedViewOrderSchema = z.object({
  ids: z
    .array(z.string({ error: "Unknown view" }).min(1, "Unknown view").max(64, "Unknown view"), {
      error: "ids must be a list of view ids",
    })
    .min(1, "ids must be a list of view ids")
    .max(SAVED_VIEWS_MAX, `At most ${SAVED_VIEWS_MAX} views at once`)
    .refine((ids) => new Set(ids).size === ids.length, { error: "Each view may be listed only once" }),
});
export type SavedViewOrder = z.infer<typeof savedViewOrderSchema>;

/** A view as the sidebar and the API show it, with how many tickets it lists now. */
export type SavedView = {
  id: string;
  name: string;
  /** Shared with the team (made by an admin), or the caller's own. */
  shared: boolean;
  filters: SavedViewFilters;
  /** The list's order, or a custom field's (`field.<key>`, `-field.<key>`); null: the list's default. */
  sort: ListSort | null;
  position: number;
  /** The tickets the view lists, at most SAVED_VIEW_COUNT_CAP (then countCapped: shown as "1000+"). */
  count: number;
  countCapped: boolean;
};

/** GET /api/views: the team's shared views, then the caller's own, each section in its order. */
export type SavedViewList = { views: SavedView[]; max: number; canManageShared: boolean };

/** How a count reads in the sidebar. */
export const viewCountLabel = (v: { count: number; countCapped: boolean }) =>
  v.countCapped ? `${v.count}+` : String(v.count);
