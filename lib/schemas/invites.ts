import type { Role } from "@/generated/prisma/enums";
import { DEFAULT_INVITE_ROLE, INVITE_ROLES } from "@/lib/permissions/rules";
import { requiredEmail } from "./fields";
import { z } from "./zod";

/** Most invitations one request (the onboarding wizard's list) may send. */
export const MAX_INVITES_PER_REQUEST = 20;

export const MISSING_EMAIL = "Please provide an email address";

/** The invite email is required, trimmed and lowercased. */
export const inviteEmailField = requiredEmail(MISSING_EMAIL);

export const inviteRoleField = z.enum(INVITE_ROLES, { error: "Role must be Agent or Organization Admin" });

/** POST /api/team-invites (the Settings > Team form). */
export const teamInviteSchema = z.object({
  email: inviteEmailField,
  role: inviteRoleField.default(DEFAULT_INVITE_ROLE),
});

/** POST /api/onboarding/invites (wizard step 3): all or nothing, no email twice. */
export const onboardingInvitesSchema = z.object({
  invites: z
    .array(teamInviteSchema, { error: "Please add at least one team member" })
    .min(1, "Please add at least one team member")
    .max(MAX_INVITES_PER_REQUEST, `You can invite at most ${MAX_INVITES_PER_REQUEST} team members at once`)
    .superRefine((invites, ctx) => {
      const seen = new Set<string>();
      invites.forEach((invite, index) => {
        if (seen.has(invite.email))
          ctx.addIssue({ code: "custom", message: "This email has already been added", path: [index, "email"] });
        seen.add(invite.email);
      });
    }),
});

export type TeamInviteInput = z.infer<typeof teamInviteSchema>;
export type OnboardingInvitesInput = z.infer<typeof onboardingInvitesSchema>;

/** A live invitation of the organisation (Settings > Team). */
export type PendingInvite = { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date };

/** What an invitation link shows before it is accepted. */
export type InviteVerification = { email: string; role: Role; organizationName: string };
