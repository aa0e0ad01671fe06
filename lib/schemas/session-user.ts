import type { Availability, Role } from "@/generated/prisma/enums";

/**
 * The signed-in user as the app sees it: as in the database now, read from it or from this
 * process's cache, which every change of the user empties at once (lib/auth/session-users.ts).
 * Every service takes it as its caller.
 */
export type SessionUser = {
  id: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
  username: string;
  avatar: string | null;
  isActive: boolean;
  /** Whether automatic assignment may give them new tickets. */
  availability: Availability;
  sessionVersion: number;
  /**
   * Set when the caller is an API token acting as the organisation (lib/services/api/caller.ts):
   * it has no account, so what it writes names the token (see staffAuthor).
   */
  apiToken?: { id: string; name: string };
  /**
   * Set when this session's user signed in while the organisation requires two-factor and they
   * have none yet: every page sends them to enrolment, the API answers 403 until they enrol.
   */
  twoFactorPending?: true;
};
