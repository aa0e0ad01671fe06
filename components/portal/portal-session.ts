"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { ApiError, apiRequest } from "@/lib/http/client/api";
import type { Jsonify } from "@/lib/schemas/json";
import { PORTAL_ORG_HEADER, type PortalSession } from "@/lib/schemas/portal";

/**
 * The portal's session is an HttpOnly cookie the page never reads: the page asks the server who
 * is signed in to its portal, and every call names the portal so the server reads its cookie.
 */
export type PortalSessionJson = Jsonify<PortalSession>;

/** How an answer is read: its JSON body unless a call needs more of it (a page's next cursor). */
type ReadAnswer<T> = (res: Response) => Promise<T>;
const readJson = (res: Response) => res.json();

/** The header every call of the portal `slug` carries, so the server reads that portal's cookie. */
export const portalHeaders = (slug: string): Record<string, string> => ({ [PORTAL_ORG_HEADER]: slug });

/** A call of the portal `slug` with its session cookie; fails like apiRequest (an ApiError). */
export async function portalRequest<T>(
  slug: string,
  method: string,
  url: string,
  data?: unknown,
  read: ReadAnswer<T> = readJson,
): Promise<T> {
  return read(await apiRequest(method, url, data, portalHeaders(slug)));
}

/** True when a failed portal call means the session no longer works. */
export const isExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

const sessionKey = (slug: string) => ["portal-session", slug] as const;

/**
 * Who is signed in to the portal `slug`: undefined while asking, null when nobody is. `save`
 * records a new sign-in (the cookie is already set) or, with null, that the session ended.
 */
export function usePortalSession(slug: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: sessionKey(slug),
    queryFn: async (): Promise<PortalSessionJson | null> => {
      try {
        return await portalRequest<PortalSessionJson>(slug, "GET", "/api/portal/session");
      } catch (error) {
        if (isExpired(error)) return null;
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
  const save = useCallback(
    (next: PortalSessionJson | null) => queryClient.setQueryData(sessionKey(slug), next),
    [queryClient, slug],
  );
  // A failure to ask (offline) shows the gate: signing in again is always possible.
  const session = query.isError ? null : query.data;
  return [session, save] as const;
}

/**
 * Downloads a file of the portal `slug`: a plain link cannot name the portal, so the bytes are
 * fetched and handed to the browser as a blob under the file's own name.
 */
export async function portalDownload(slug: string, url: string, filename: string): Promise<void> {
  const res = await apiRequest("GET", url, undefined, portalHeaders(slug));
  const href = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement("a");
    link.href = href;
    link.download = filename;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download; the address is not needed after this turn.
    setTimeout(() => URL.revokeObjectURL(href), 0);
  }
}

/** A bound portal call (the client names the portal and handles an expired session). */
export type PortalRequest = <T>(method: string, url: string, data?: unknown, read?: ReadAnswer<T>) => Promise<T>;
