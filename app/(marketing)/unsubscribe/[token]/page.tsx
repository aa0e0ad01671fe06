import type { Metadata } from "next";
import { UnsubscribeStatus } from "@/components/marketing/unsubscribe-status";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

export default async function UnsubscribePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <UnsubscribeStatus token={token} />
    </div>
  );
}
