"use client";

import { useState } from "react";
import { toastError } from "./toast-error";

/**
 * A form's request with its pending state: the button is disabled while it runs, and a failure
 * is a toast titled `failure` with the server's message (else `fallback`), after which the
 * person may try again. After a success the page usually moves on (another page, a "done"
 * message), so the button stays disabled and cannot send twice; a form that stays on screen
 * to be used again says `stays`.
 */
export function usePendingRequest({
  failure,
  fallback,
  stays,
}: {
  failure: string;
  fallback: string;
  stays?: boolean;
}) {
  const [pending, setPending] = useState(false);

  async function run(request: () => Promise<void>) {
    setPending(true);
    try {
      await request();
      if (stays) setPending(false);
    } catch (error) {
      toastError(failure, error, fallback);
      setPending(false);
    }
  }

  /** The request ended in a step that asks for more (a sign-in's code): the button works again. */
  const settle = () => setPending(false);

  return { pending, run, settle };
}
