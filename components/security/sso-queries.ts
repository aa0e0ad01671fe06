"use client";

import { useQuery } from "@tanstack/react-query";
import type { SsoSettings } from "@/lib/schemas/sso";

/** The organisation's single sign-on settings; the parts joined with slashes are the GET URL. */
export const ssoKey = (organizationId: string) => ["/api/organizations", organizationId, "sso"] as const;

export const useSsoSettings = (organizationId: string, enabled: boolean) =>
  useQuery<SsoSettings>({ queryKey: ssoKey(organizationId), enabled });
