"use client";

import { useQuery } from "@tanstack/react-query";
import type { PasskeyJson } from "@/lib/schemas/passkeys";
import type { SessionJson } from "@/lib/schemas/sessions";
import type { TwoFactorPolicy, TwoFactorStatus } from "@/lib/schemas/two-factor";

/** Query keys of sign-in security; the parts joined with slashes are the GET URL. */
export const securityKeys = {
  twoFactor: ["/api/users/two-factor"] as const,
  sessions: ["/api/users/sessions"] as const,
  passkeys: ["/api/users/passkeys"] as const,
  memberSessions: (userId: string) => ["/api/users", userId, "sessions"] as const,
  policy: (organizationId: string) => ["/api/organizations", organizationId, "two-factor"] as const,
};

export const useTwoFactorStatus = () => useQuery<TwoFactorStatus>({ queryKey: securityKeys.twoFactor });
export const usePasskeys = () => useQuery<PasskeyJson[]>({ queryKey: securityKeys.passkeys });
export const useSessions = () => useQuery<SessionJson[]>({ queryKey: securityKeys.sessions });
export const useMemberSessions = (userId: string, enabled: boolean) =>
  useQuery<SessionJson[]>({ queryKey: securityKeys.memberSessions(userId), enabled });
export const useTwoFactorPolicy = (organizationId: string) =>
  useQuery<TwoFactorPolicy>({ queryKey: securityKeys.policy(organizationId) });
