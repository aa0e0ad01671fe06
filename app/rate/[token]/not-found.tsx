import { CustomerShell } from "@/components/portal/customer-shell";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { RATING_LINK_NOT_FOUND } from "@/lib/satisfaction/rating-link";

/** An unknown rating link (404): says so and nothing about which tickets exist. */
export default function RatingLinkNotFound() {
  return (
    <CustomerShell title="Customer feedback">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Link not valid
          </CardTitle>
          <CardDescription>{RATING_LINK_NOT_FOUND}</CardDescription>
        </CardHeader>
      </Card>
    </CustomerShell>
  );
}
