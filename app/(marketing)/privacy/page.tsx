import type { ReactNode } from "react";
import { PRODUCT_NAME } from "@/lib/site/product";
import { pageMetadata } from "@/lib/site/seo";

export const metadata = pageMetadata({
  title: "Privacy Policy",
  description: `How ${PRODUCT_NAME} collects, uses and protects the data of its mailing list, and the rights you have over it.`,
  path: "/privacy",
});

const PRIVACY_CONTACT = "privacy@ticketry.app";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function PrivacyPage() {
  return (
    <article className="mx-auto grid max-w-3xl gap-8 px-4 py-12 leading-relaxed">
      <header className="grid gap-2">
        <h1 className="text-4xl font-bold tracking-tight">Privacy Policy</h1>
        <p className="text-muted-foreground">Last updated November 22, 2026</p>
      </header>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you join our mailing list or waitlist, why, and what you
        can do about it. We collect as little as we can and never sell your data.
      </p>
      <Section title="What we collect">
        <p>When you join the waitlist we collect:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>your email address (required);</li>
          <li>your name and your company name, if you choose to give them;</li>
          <li>the date and time you gave your consent to receive emails (the consent timestamp).</li>
        </ul>
      </Section>
      <Section title="How we use it">
        <p>
          We use your email address to tell you when {PRODUCT_NAME} launches and to send occasional product news. Your
          name and company help us address you properly and understand which teams are interested. We do not use your
          data for anything else and we do not share it with advertisers.
        </p>
      </Section>
      <Section title="Marketing consent">
        <p>
          We only email you if you ticked the consent box (or pressed Join Waitlist next to the consent note). Every
          email we send contains a link to unsubscribe in one click; after that you receive nothing more from us. You
          can also withdraw consent by writing to us.
        </p>
      </Section>
      <Section title="Storage and security">
        <p>
          Your data is stored in a PostgreSQL database hosted in the EU with encrypted connections and encrypted
          backups. Access is limited to the staff who run the service. Unsubscribe links contain a random token of which
          we store only a one-way hash. We keep your data while you are subscribed and delete it within 30 days of a
          deletion request.
        </p>
      </Section>
      <Section title="Your rights under GDPR and CAN-SPAM">
        <p>
          If you are in the European Economic Area or the United Kingdom, the GDPR gives you the right to access,
          correct, delete and export your data, to restrict or object to its use, and to complain to your data
          protection authority. Our legal basis for marketing email is your consent. In the United States, the CAN-SPAM
          Act entitles you to opt out of commercial email at any time; we honour opt-outs immediately and our emails
          identify us and include our postal address.
        </p>
      </Section>
      <Section title="Email service providers">
        <p>
          We send email through a transactional email provider that processes your address only to deliver our messages,
          under a data processing agreement. It may not use your data for its own purposes.
        </p>
      </Section>
      <Section title="Children">
        <p>
          {PRODUCT_NAME} is a service for businesses and is not directed at children under 13. We do not knowingly
          collect data from children under 13; if you believe we have, contact us and we will delete it.
        </p>
      </Section>
      <Section title="Contact">
        <p>
          Questions or requests about your data:{" "}
          <a className="text-primary underline" href={`mailto:${PRIVACY_CONTACT}`}>
            {PRIVACY_CONTACT}
          </a>
          .
        </p>
      </Section>
    </article>
  );
}
