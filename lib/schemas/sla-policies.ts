import type { Plan, TicketPriority } from "@/generated/prisma/enums";
import { conditionsSchema, type ConditionField, type Conditions } from "./automations";
import { singleLine } from "./fields";
import { z } from "./zod";

/**
 * SLA policies as admins write them and other tools call them: the first policy, in position
 * order, whose conditions hold for a ticket sets its targets (per priority, in business minutes
 * of the policy's calendar). Conditions are the automation rules' own, limited to what a policy
 * may look at.
 */

export const SLA_POLICY_NAME_REQUIRED = "Please give the policy a name";
export const SLA_POLICY_NAME_MAX = 80;
/** The longest target: a year of business minutes. */
export const TARGET_MINUTES_MAX = 525_600;
export const TARGET_RANGE = "A target must be between 1 minute and 1 year.";
export const POSITION_INVALID = "Position must be a whole number from 1";

/** What a policy may decide on: what a ticket is and where it came from, never its clocks or its state. */
export const SLA_POLICY_FIELDS = [
  "priority",
  "group",
  "tags",
  "customer_domain",
  "support_address",
  "entrance",
] as const satisfies readonly ConditionField[];
export type SlaPolicyField = (typeof SLA_POLICY_FIELDS)[number];
export const SLA_POLICY_FIELD_REFUSED = `An SLA policy can look only at: ${SLA_POLICY_FIELDS.join(", ")}`;

/** Custom fields are not among them: a policy decides on what every ticket has. */
const isPolicyField = (field: string): field is SlaPolicyField =>
  (SLA_POLICY_FIELDS as readonly string[]).includes(field);

/** The automation rules' conditions, each on a field a policy may look at. No conditions: every ticket. */
export const slaPolicyConditionsSchema = conditionsSchema.superRefine((conditions, ctx) => {
  for (const list of ["all", "any"] as const)
    conditions[list].forEach((c, i) => {
      if (!isPolicyField(c.field))
        ctx.addIssue({ code: "custom", message: SLA_POLICY_FIELD_REFUSED, path: [list, i, "field"] });
    });
});

const minutes = z
  .number({ error: TARGET_RANGE })
  .int(TARGET_RANGE)
  .min(1, TARGET_RANGE)
  .max(TARGET_MINUTES_MAX, TARGET_RANGE);

/** A priority's three targets, in business minutes. */
const priorityTargets = z
  .object(
    { firstResponse: minutes, nextResponse: minutes, resolution: minutes },
    { error: "Give the first response, next response and resolution targets" },
  )
  .strict();

/** Typed by the priorities, so a new priority without its targets does not compile. */
const PER_PRIORITY = {
  urgent: priorityTargets,
  high: priorityTargets,
  medium: priorityTargets,
  low: priorityTargets,
} satisfies Record<TicketPriority, typeof priorityTargets>;

/** Every priority's targets. */
export const slaTargetsSchema = z
  .object(PER_PRIORITY, { error: "Give targets for every priority: urgent, high, medium and low" })
  .strict();
export type SlaTargets = z.infer<typeof slaTargetsSchema>;
export type SlaTarget = keyof SlaTargets[TicketPriority];

const nameSchema = singleLine(z.string({ error: SLA_POLICY_NAME_REQUIRED }).trim())
  .min(1, SLA_POLICY_NAME_REQUIRED)
  .max(SLA_POLICY_NAME_MAX, `Name must be at most ${SLA_POLICY_NAME_MAX} characters`);
/** A calendar of the organisation (checked by the service). */
const calendarIdSchema = z.string({ error: "Unknown calendar" }).min(1, "Unknown calendar").max(64, "Unknown calendar");

/** A new policy: without a calendar it counts on the organisation's default; without conditions it takes every ticket. */
export const slaPolicyInputSchema = z.object({
  name: nameSchema,
  calendarId: calendarIdSchema.optional(),
  conditions: slaPolicyConditionsSchema.default({ all: [], any: [] }),
  targets: slaTargetsSchema,
});
export type SlaPolicyInput = z.infer<typeof slaPolicyInputSchema>;

/**
 * A change to a policy: any of its parts, the others kept. `position` (from 1) moves it there,
 * the others making room; a position past the last moves it to the end.
 */
export const slaPolicyPatchSchema = z
  .object({
    name: nameSchema.optional(),
    calendarId: calendarIdSchema.optional(),
    conditions: slaPolicyConditionsSchema.optional(),
    targets: slaTargetsSchema.optional(),
    position: z.number({ error: POSITION_INVALID }).int(POSITION_INVALID).min(1, POSITION_INVALID).optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), { error: "Nothing to change" });
export type SlaPolicyPatch = z.infer<typeof slaPolicyPatchSchema>;

/** A policy as the API returns it. */
export type SlaPolicy = {
  id: string;
  name: string;
  /** From 1: the policies are tried in this order. */
  position: number;
  calendar: { id: string; name: string };
  conditions: Conditions;
  targets: SlaTargets;
  createdAt: Date;
  updatedAt: Date;
};

/** The policies in the order they are tried, and what the organisation's plan allows. */
export type SlaPolicyList = {
  policies: SlaPolicy[];
  plan: Plan;
  /** Policies the plan allows (null: unlimited). */
  limit: number | null;
};
