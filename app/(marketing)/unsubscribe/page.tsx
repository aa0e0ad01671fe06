import type { Metadata } from "next";
import { UnsubscribeStatus } from "@/components/marketing/unsubscribe-status";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

/** A link without its token goes straight to the failure view. */
export default function UnsubscribeWithoutToken() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <UnsubscribeStatus />
    </div>
  );
}
