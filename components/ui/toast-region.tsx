"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useToast } from "./use-toast";

// The Radix toast code comes with the first toast, not with every page:
// most visits never show one. Once there, it stays mounted.
const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/** The toast region of every page (root layout). */
export function ToastRegion() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? <Toaster /> : null;
}
