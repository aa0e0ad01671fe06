import { MessageCircle } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";

/** The way from the help center to a person: the organisation's customer portal. */
export function ContactUs({ org }: { org: string }) {
  return (
    <section
      aria-labelledby="contact-us"
      className="flex flex-col items-start gap-3 rounded-lg border bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="grid gap-1">
        <h2 id="contact-us" className="font-semibold">
          Still need help?
        </h2>
        <p className="text-sm text-muted-foreground">Our team answers every question.</p>
      </div>
      <a href={`/portal?org=${encodeURIComponent(org)}`} className={buttonVariants({ variant: "outline" })}>
        <MessageCircle aria-hidden />
        Contact us
      </a>
    </section>
  );
}
