import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Billing, Feature Flags and Support Tools are placeholders saying each is not configured. */
export function NotConfigured({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{title} is not configured.</CardDescription>
      </CardHeader>
    </Card>
  );
}
