import type { TicketStatus } from "@/generated/prisma/enums";
import { singleLine } from "./fields";
import { z } from "./zod";

export const COMPANY_NAME_MAX = 120;
export const COMPANY_NOTES_MAX = 10_000;
export const COMPANY_DOMAINS_MAX = 20;
/** How many people and recent tickets a company's page and the customer panel show. */
export const COMPANY_PEOPLE_SHOWN = 50;
export const COMPANY_TICKETS_SHOWN = 10;
/** The other people of a customer's company the customer panel names. */
export const COMPANY_PANEL_PEOPLE = 10;

/**
 * Mail domains shared by people of many companies: a company cannot claim them (its people at
 * such an address are added by hand). Lowercase; the list is the common providers, not every one.
 */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.co.uk",
  "live.com",
  "msn.com",
  "yahoo.com",
  "yahoo.co.uk",
  "ymail.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
  "fastmail.com",
  "hey.com",
  "tutanota.com",
]);

const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const freeMailDomainError = (domain: string) =>
  `${domain} is a free mail domain: its addresses belong to many companies. Add such people to the company by hand.`;

/** "Globex.com", "@globex.com" and " globex.com " are the one domain globex.com. */
const domainSchema = z
  .string({ error: "Each domain must be text" })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/^@/, ""))
  .pipe(
    z
      .string()
      .max(253, "A domain is too long")
      .regex(DOMAIN_PATTERN, "Each domain must look like example.com")
      .refine((d) => !d.endsWith(".invalid") && !d.endsWith(".localhost"), "Each domain must look like example.com"),
  )
  .superRefine((d, ctx) => {
    if (FREE_MAIL_DOMAINS.has(d)) ctx.addIssue({ code: "custom", message: freeMailDomainError(d) });
  });

const domainsSchema = z
  .array(domainSchema, { error: "domains must be a list of domains" })
  .max(COMPANY_DOMAINS_MAX, `A company can have at most ${COMPANY_DOMAINS_MAX} domains`)
  // The same domain twice is one.
  .transform((list) => [...new Set(list)]);

const nameSchema = singleLine(z.string({ error: "Please give the company a name" }).trim())
  .min(1, "Please give the company a name")
  .max(COMPANY_NAME_MAX, `Name must be at most ${COMPANY_NAME_MAX} characters`);

const notesSchema = z
  .string({ error: "Notes must be text" })
  .max(COMPANY_NOTES_MAX, `Notes must be at most ${COMPANY_NOTES_MAX.toLocaleString("en-US")} characters`);

export const companyCreateSchema = z.object({
  name: nameSchema,
  domains: domainsSchema.default([]),
  notes: notesSchema.default(""),
});

export const companyUpdateSchema = z
  .object({ name: nameSchema.optional(), domains: domainsSchema.optional(), notes: notesSchema.optional() })
  .refine((v) => v.name !== undefined || v.domains !== undefined || v.notes !== undefined, {
    error: "Nothing to change",
  });

export const companyListQuerySchema = z.object({
  q: singleLine(z.string({ error: "Search must be text" }).trim())
    .max(200, "Search is too long")
    .optional(),
});

const memberEmail = z
  .string({ error: "Please enter an email address" })
  .trim()
  .toLowerCase()
  .max(254, "Email address is too long")
  .pipe(z.email("Please enter a valid email address"));

export const companyMemberSchema = z.object({ email: memberEmail });

export type CompanyInput = z.infer<typeof companyCreateSchema>;
export type CompanyPatch = z.infer<typeof companyUpdateSchema>;
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

export type Company = {
  id: string;
  name: string;
  domains: string[];
  notes: string;
  createdAt: Date;
  updatedAt: Date;
};

/** A row of Settings > Companies. */
export type CompanyListItem = Company & { members: number; tickets: number; openTickets: number };

/** Someone of the company: seen on its tickets (by domain or by hand), or added by hand. */
export type CompanyPerson = { email: string; name: string | null; tickets: number; addedByHand: boolean };

export type CompanyTicket = {
  id: string;
  ticketNumber: number;
  subject: string;
  status: TicketStatus;
  customerEmail: string;
  updatedAt: Date;
};

export type CompanyMemberRow = { id: string; email: string; createdAt: Date };

export type CompanyDetail = Company & {
  members: CompanyMemberRow[];
  people: CompanyPerson[];
  recentTickets: CompanyTicket[];
  totalTickets: number;
  openTickets: number;
};

/** The customer panel's company: null when the customer's address is in none. */
export type TicketCompany = {
  company:
    | (Pick<Company, "id" | "name" | "notes" | "domains"> & {
        otherPeople: CompanyPerson[];
        recentTickets: CompanyTicket[];
        totalTickets: number;
        openTickets: number;
      })
    | null;
};
