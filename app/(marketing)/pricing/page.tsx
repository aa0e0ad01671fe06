import { ArrowLeft, Check } from "lucide-react";
import Link from "next/link";
import { PlanButton } from "@/components/marketing/plan-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { formatPrice, planFeatures } from "@/lib/plans/features";
import { PLANS } from "@/lib/plans/limits";
import { PRODUCT_NAME } from "@/lib/site/product";
import { pageMetadata } from "@/lib/site/seo";
import { cn } from "@/lib/utils";

export const metadata = pageMetadata({
  title: "Pricing",
  description: `${PRODUCT_NAME} plans: Free, Starter $29, Pro $99 and Enterprise. Every plan includes a 14-day free trial, no credit card required.`,
  path: "/pricing",
});

const ORDER: { plan: keyof typeof PLANS; blurb: string; cta: string }[] = [
  { plan: "free", blurb: "For trying things out", cta: "Get Started" },
  { plan: "starter", blurb: "For small teams", cta: "Get Started" },
  { plan: "pro", blurb: "For growing support teams", cta: "Start Free Trial" },
  { plan: "enterprise", blurb: "For large organisations", cta: "Contact Sales" },
];

export default function PricingPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Button asChild variant="ghost" className="mb-6">
        <Link href="/">
          <ArrowLeft />
          Back
        </Link>
      </Button>
      <div className="mb-10 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Simple, transparent pricing</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Pick the plan that fits your team today and grow from there.
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {ORDER.map(({ plan, blurb, cta }) => {
          const featured = plan === "pro";
          const price = formatPrice(plan);
          return (
            <Card key={plan} className={cn("relative", featured && "border-primary shadow-md")}>
              {featured && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
              <CardHeader>
                <h2 className="text-xl leading-none font-semibold">{PLANS[plan].name}</h2>
                <CardDescription>{blurb}</CardDescription>
                <p className="mt-2">
                  <span className="text-4xl font-bold">{price}</span>
                  {price !== "Custom" && <span className="text-muted-foreground"> per month</span>}
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm">
                  {planFeatures(plan).map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <PlanButton plan={plan} label={cta} featured={featured} />
              </CardFooter>
            </Card>
          );
        })}
      </div>
      <p className="mt-10 text-center text-muted-foreground">
        All plans include a 14-day free trial. No credit card required.
      </p>
    </div>
  );
}
