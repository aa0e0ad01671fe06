import type { ReactNode } from "react";
import { FooterWaitlist } from "@/components/marketing/footer-waitlist";
import { SiteFooter } from "@/components/marketing/site-footer";
import { SiteHeader } from "@/components/marketing/site-header";

export default function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter signUp={<FooterWaitlist />} />
    </div>
  );
}
