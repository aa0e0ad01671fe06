import "server-only";
import type { NextRequest } from "next/server";
import type { SignInPlace } from "@/lib/services/users/sessions";
import { clientIp } from "./client-ip";

/** Where a sign-in comes from, for its session record: the browser's user agent and the client's address. */
export function signInPlace(req: NextRequest): SignInPlace {
  return { userAgent: req.headers.get("user-agent") ?? "", address: clientIp(req) };
}
