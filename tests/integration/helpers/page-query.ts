/** Each rule of a paged call's query (`limit` up to 200, `cursor`), as a query string and the 400's message. */
export const PAGE_QUERY_RULES: [query: string, message: string][] = [
  ["?limit=0", "limit must be at least 1"],
  ["?limit=201", "limit must be at most 200"],
  ["?limit=abc", "limit must be a number"],
  ["?cursor=bm9wZQ", "Invalid cursor"],
  [`?cursor=${"a".repeat(201)}`, "Invalid cursor"],
];
