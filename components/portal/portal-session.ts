"use client";

import { useCallback, useSyncExternalStore } from "react";
import { ApiError, throwIfNotOk } from "@/lib/http/client/api";

/** The access token and email live in session storage until Logout. */
export type PortalSession = { token: string; email: string };

const listeners = new Set<() => void>();
const keyFor = (slug: string) => `portal:${slug}`;

function read(slug: string): string | null {
  try {
    return window.sessionStorage.getItem(keyFor(slug));
  } catch {
    return null;
  }
}

function write(slug: string, session: PortalSession | null) {
  try {
    if (session) window.sessionStorage.setItem(keyFor(slug), JSON.stringify(session));
    else window.sessionStorage.removeItem(keyFor(slug));
  } catch {
    // Storage disabled: the session lasts as long as the page.
  }
  listeners.forEach((notify) => notify());
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

function parse(raw: string | null): PortalSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PortalSession>;
    return typeof value.token === "string" && typeof value.email === "string"
      ? { token: value.token, email: value.email }
      : null;
  } catch {
    return null;
  }
}

/** The stored session of this portal (undefined while the server renders). */
export function usePortalSession(slug: string) {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(slug),
    () => undefined,
  );
  const session = raw === undefined ? undefined : parse(raw);
  const save = useCallback((next: PortalSession | null) => write(slug, next), [slug]);
  return [session, save] as const;
}

/** How an answer is read: its JSON body unless a call needs more of it (a page's next cursor). */
type ReadAnswer<T> = (res: Response) => Promise<T>;
const readJson = (res: Response) => res.json();

/** A portal API call with the bearer token; fails like apiRequest (an ApiError). */
export async function portalRequest<T>(
  token: string,
  method: string,
  url: string,
  data?: unknown,
  read: ReadAnswer<T> = readJson,
): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(data !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return read(res);
}

/**
 * Downloads a file with the bearer token: a plain link cannot carry it, so the bytes are
 * fetched and handed to the browser as a blob under the file's own name.
 */
export async function portalDownload(token: string, url: string, filename: string): Promise<void> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` }, credentials: "include" });
  await throwIfNotOk(res);
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

/** True when a failed portal call means the token no longer works. */
export const isExpired = (error: unknown) => error instanceof ApiError && error.status === 401;

/** A bound portal call (the client adds the token and handles an expired session). */
export type PortalRequest = <T>(method: string, url: string, data?: unknown, read?: ReadAnswer<T>) => Promise<T>;
