// Whether `npm start` seeds the demo organisation. Its accounts share a published password (one is
// a platform admin), so they go only into the embedded database of a local demo, or wherever
// SEED_DEMO_DATA=true asks for them; never into a managed database just because it is empty.

/**
 * @param {{ setting: string | undefined, embedded: boolean, empty: boolean }} facts
 *   setting: SEED_DEMO_DATA ("true", "false" or unset); embedded: the database is the embedded
 *   one `npm start` runs itself; empty: it holds no organisation yet.
 */
export function shouldSeedDemoData({ setting, embedded, empty }) {
  if (!empty || setting === "false") return false;
  return embedded || setting === "true";
}
