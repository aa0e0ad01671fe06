// The 25 event rules (Pro's most active ones) that `create-ticket:25-rules` and the reads beside it
// measure with: what a team sets up in its first weeks. Most look for words, domains or an
// entrance the bench's tickets ("Benchmark ticket N" from benchN@example.com, medium, by an agent)
// do not have, so the engine weighs them and moves on; three match and change the ticket, one of
// them only after another's change (a second pass), as real routing does.
import { BENCH_TAGS } from "./tags.mjs";

/** The name every bench rule starts with: the bench removes earlier runs' rules by it. */
export const BENCH_RULE_PREFIX = "Bench rule";

/** @type {(field: string, operator: string, value: unknown) => { field: string, operator: string, value: unknown }} */
const when = (field, operator, value) => ({ field, operator, value });

const WORDS = ["refund", "outage", "invoice", "password", "cancel", "gdpr", "chargeback", "lawyer", "down", "hacked"];
const DOMAINS = ["bigcorp.example", "acme.example", "globex.example", "initech.example", "umbrella.example"];

/** The rules, in their order, as `POST /api/automations` takes them (switched off: see run.mjs). */
export function benchRules() {
  /** @type {{ all: object[], any: object[] }[]} */
  const missing = [
    ...WORDS.map((word) => ({ all: [when("subject", "contains", word)], any: [] })),
    ...DOMAINS.map((domain) => ({ all: [when("customer_domain", "is", domain)], any: [] })),
    ...WORDS.slice(0, 4).map((word) => ({
      all: [],
      any: [when("first_message", "contains", word), when("subject", "contains", `${word}s`)],
    })),
    { all: [when("entrance", "is", "email"), when("priority", "is", "urgent")], any: [] },
    {
      all: [when("entrance", "is", "portal")],
      any: [when("subject", "contains", "help"), when("subject", "contains", "asap")],
    },
    { all: [when("customer_email", "in", ["ceo@bigcorp.example", "cfo@globex.example"])], any: [] },
  ];
  /** @type {{ name: string, conditions: object, actions: { type: string, value: unknown }[] }[]} */
  const rules = missing.map((conditions, i) => ({
    name: `${BENCH_RULE_PREFIX} ${i + 1}`,
    conditions,
    actions: [{ type: "add_tags", value: [BENCH_TAGS[i % BENCH_TAGS.length]] }],
  }));
  rules.push(
    {
      name: `${BENCH_RULE_PREFIX} ${rules.length + 1}`,
      conditions: { all: [when("customer_domain", "is", "example.com")], any: [] },
      actions: [{ type: "add_tags", value: ["vip"] }],
    },
    {
      name: `${BENCH_RULE_PREFIX} ${rules.length + 2}`,
      conditions: { all: [when("subject", "contains", "benchmark"), when("priority", "is", "medium")], any: [] },
      actions: [{ type: "set_priority", value: "high" }],
    },
    // Matches only once the rule above raised the priority.
    {
      name: `${BENCH_RULE_PREFIX} ${rules.length + 3}`,
      conditions: { all: [when("priority", "is", "high"), when("tags", "contains", "vip")], any: [] },
      actions: [{ type: "add_tags", value: ["follow-up"] }],
    },
  );
  return rules.map((rule) => ({ ...rule, when: "ticket_created", active: false }));
}
