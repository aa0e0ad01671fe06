import { DEMO_ACCOUNTS, DEMO_PASSWORD, LOGIN_PAGE_DEMO_EMAILS } from "@/lib/site/demo";

/** The login page's hint block: the seeded admin and agent logins. */
export function DemoCredentials() {
  const shown = LOGIN_PAGE_DEMO_EMAILS.map((email) => DEMO_ACCOUNTS.find((a) => a.email === email)!);
  return (
    <section aria-labelledby="demo-credentials" className="rounded-md border bg-muted/60 p-3 text-sm">
      <h2 id="demo-credentials" className="mb-1 font-medium">
        Demo Credentials
      </h2>
      <ul className="grid gap-1 text-muted-foreground">
        {shown.map((a) => (
          <li key={a.email}>
            {a.label}: <span className="font-mono text-foreground">{a.email}</span> /{" "}
            <span className="font-mono text-foreground">{DEMO_PASSWORD}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
