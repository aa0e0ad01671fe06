/**
 * The placeholders a macro's reply text may use, defined once for the server (which refuses
 * an unknown or malformed one when the macro is saved) and the browser (which fills them in
 * when an agent applies the macro). A value that is missing on the ticket gets a fallback
 * that still reads well, so a customer never sees "{{...}}" or "undefined".
 */

/** What a macro's text is filled from when an agent applies it. */
export type PlaceholderContext = {
  ticket: { ticketNumber: number; subject: string; customerName: string | null; customerEmail: string | null };
  agent: { fullName: string | null };
  organization: { name: string | null } | null;
};

type Placeholder = {
  key: string;
  description: string;
  value: (c: PlaceholderContext) => string | null;
  fallback: string;
};

/** A ticket raised without a name or address carries these stand-ins (lib/schemas/tickets.ts): not worth greeting. */
const STAND_IN_NAMES = new Set(["customer"]);
const STAND_IN_EMAIL = /@unknown\.invalid$/i;

const present = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const customerName = (c: PlaceholderContext) => {
  const name = present(c.ticket.customerName);
  return name && !STAND_IN_NAMES.has(name.toLowerCase()) ? name : null;
};
const firstWord = (v: string | null) => (v ? (v.split(/\s+/)[0] ?? null) : null);

export const PLACEHOLDERS: readonly Placeholder[] = [
  { key: "customer.name", description: "The customer's full name", value: customerName, fallback: "there" },
  {
    key: "customer.firstName",
    description: "The customer's first name",
    value: (c) => firstWord(customerName(c)),
    fallback: "there",
  },
  {
    key: "customer.email",
    description: "The customer's email address",
    value: (c) => {
      const email = present(c.ticket.customerEmail);
      return email && !STAND_IN_EMAIL.test(email) ? email : null;
    },
    fallback: "your email address",
  },
  {
    key: "ticket.number",
    description: "The ticket's number, e.g. 42",
    value: (c) => String(c.ticket.ticketNumber),
    fallback: "your ticket",
  },
  {
    key: "ticket.subject",
    description: "The ticket's subject",
    value: (c) => present(c.ticket.subject),
    fallback: "your request",
  },
  {
    key: "agent.name",
    description: "Your full name",
    value: (c) => present(c.agent.fullName),
    fallback: "the support team",
  },
  {
    key: "agent.firstName",
    description: "Your first name",
    value: (c) => firstWord(present(c.agent.fullName)),
    fallback: "the support team",
  },
  {
    key: "organization.name",
    description: "Your organization's name",
    value: (c) => present(c.organization?.name),
    fallback: "our team",
  },
];

export const PLACEHOLDER_KEYS = PLACEHOLDERS.map((p) => p.key);

/** How a placeholder is written in a macro: `{{customer.firstName}}` (spaces inside the braces allowed). */
export const placeholderToken = (key: string) => `{{${key}}}`;

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * What is wrong with a macro's text, or null: the first unknown placeholder by name, else a
 * brace pair that does not make a placeholder (an unclosed `{{`, a stray `}}`, `{{}}`).
 */
export function placeholderProblem(text: string): string | null {
  for (const match of text.matchAll(TOKEN)) {
    const key = match[1] ?? "";
    if (!key) return "Empty placeholder {{}}: write a name between the braces, e.g. {{customer.firstName}}";
    if (!PLACEHOLDER_KEYS.includes(key))
      return `Unknown placeholder {{${key.slice(0, 60)}}}. Use one of: ${PLACEHOLDER_KEYS.map(placeholderToken).join(", ")}`;
  }
  const rest = text.replace(TOKEN, "");
  if (rest.includes("{{") || rest.includes("}}"))
    return "Malformed placeholder: every {{ needs a matching }} around a placeholder name, e.g. {{ticket.number}}";
  return null;
}

/** The macro's text with every placeholder filled in (a missing value by its fallback). */
export function renderPlaceholders(text: string, context: PlaceholderContext): string {
  return text.replace(TOKEN, (whole, key: string) => {
    const placeholder = PLACEHOLDERS.find((p) => p.key === key);
    if (!placeholder) return whole;
    return present(placeholder.value(context)) ?? placeholder.fallback;
  });
}
