import { headers } from "next/headers";
import { Features, StatsStrip } from "@/components/marketing/features";
import { WaitlistCard } from "@/components/marketing/waitlist-card";
import { Badge } from "@/components/ui/badge";
import { PRODUCT_NAME } from "@/lib/site/product";
import { pageMetadata, siteUrl } from "@/lib/site/seo";

const description = `${PRODUCT_NAME} is the help desk for support teams: ticket queues, SLA tracking with breach alerts, team collaboration, role-based access with audit trails, analytics and multi-tenancy. Coming soon.`;

export const metadata = pageMetadata({
  title: `${PRODUCT_NAME} - Help desk for support teams`,
  description,
  path: "/",
  absolute: true,
});

/** Organization and Product structured data for search engines. */
function structuredData() {
  return [
    { "@context": "https://schema.org", "@type": "Organization", name: PRODUCT_NAME, url: siteUrl() },
    {
      "@context": "https://schema.org",
      "@type": "Product",
      name: PRODUCT_NAME,
      description,
      brand: { "@type": "Brand", name: PRODUCT_NAME },
      offers: { "@type": "AggregateOffer", priceCurrency: "USD", lowPrice: "0", highPrice: "99", offerCount: 4 },
    },
  ];
}

export default async function LandingPage() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      <script
        type="application/ld+json"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: JSON.stringify(structuredData()).replace(/</g, "\\u003c") }}
      />
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:py-24">
        <div className="grid gap-6 text-center lg:text-left">
          <Badge variant="secondary" className="mx-auto lg:mx-0">
            Coming Soon
          </Badge>
          <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
            The help desk your support team will love working in
          </h1>
          <p className="text-lg text-muted-foreground">
            {PRODUCT_NAME} routes every request to the right queue, keeps SLAs in view and lets your team answer
            customers together, fast at any scale.
          </p>
        </div>
        <div className="flex justify-center lg:justify-end">
          <WaitlistCard />
        </div>
      </section>
      <Features />
      <StatsStrip />
    </>
  );
}
