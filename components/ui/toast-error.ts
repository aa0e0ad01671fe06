"use client";

import { errorMessage } from "@/lib/http/client/api";
import { toast } from "./use-toast";

/** A failure as a destructive toast: the server's own message when it sent one, else `fallback`. */
export function toastError(title: string, error: unknown, fallback: string) {
  return toast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}
