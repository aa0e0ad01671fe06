/** Where a sign-in goes when it was not sent anywhere in particular. */
export const DEFAULT_AFTER_LOGIN = "/app";

/**
 * The page a `?next=` value leads to, as a path of this app: it is read the way the browser
 * reads a URL (a backslash counts as a slash, tabs and newlines vanish, dot segments collapse)
 * against the app's origin, and only its path, query and hash are kept. Anything that would
 * leave the origin (another host, `//host`, `javascript:`) or reads as such once resolved
 * gives the fallback (the user's landing page) instead.
 */
export function redirectTarget(
  next: string | null | undefined,
  origin: string,
  fallback: string = DEFAULT_AFTER_LOGIN,
): string {
  if (!next) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  // "/.//host" resolves to the path "//host", which a browser would read as another host again.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
