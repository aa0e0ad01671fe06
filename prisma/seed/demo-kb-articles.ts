// The demo help center's articles (/help/acme): what Acme's customers ask most, answered the
// way a support team writes it down. Most are published; one is a draft still being written and
// one is internal (the team's own notes, found from the reply box, never shown to customers).

export type DemoCategory = { key: string; name: string; description: string };
export type DemoArticle = {
  category: string;
  title: string;
  summary: string;
  status: "draft" | "published" | "internal";
  /** Who wrote it, by email; it was last edited by the same person unless `editor` says otherwise. */
  author: string;
  editor?: string;
  /** How many days ago it was written; a few were edited since. */
  writtenDaysAgo: number;
  editedDaysAgo?: number;
  /** Roughly how often the help center shows it a day, for the demo's figures. */
  dailyViews: number;
  body: string;
};

export const DEMO_KB_CATEGORIES: DemoCategory[] = [
  {
    key: "start",
    name: "Getting started",
    description: "Set up your workspace, bring in your data and invite your team.",
  },
  {
    key: "billing",
    name: "Billing and plans",
    description: "Plans, invoices, payments, VAT and changing your subscription.",
  },
  {
    key: "account",
    name: "Account and security",
    description: "Sign-in, passwords, two-step verification and your personal data.",
  },
];

export const DEMO_KB_ARTICLES: DemoArticle[] = [
  {
    category: "start",
    title: "Set up your workspace in five minutes",
    summary: "Create your workspace, name it, and invite the colleagues who will work in it with you.",
    status: "published",
    author: "admin@acme.test",
    writtenDaysAgo: 120,
    dailyViews: 14,
    body: `Your workspace is where your team's projects, reports and settings live. Setting one up takes about five minutes.

# Create the workspace

1. Go to **acme.example/signup** and enter your work email.
2. Open the confirmation email and click **Confirm my address**. The link is valid for 24 hours.
3. Choose a workspace name. Most teams use their company name; you can change it later under **Settings > General**.

# Invite your team

Open **Settings > Members** and click **Invite people**. Enter one email address per line and pick a role for them:

| Role | Can do |
| --- | --- |
| Member | Create and edit projects, run reports |
| Admin | Everything a member can, plus billing, members and integrations |
| Viewer | Read projects and reports, nothing else |

Invitations expire after 7 days. You can resend one from the same page.

# What next

- [Import your existing data from a CSV file](/help/acme/articles/import-your-data-from-a-csv-file)
- [Connect your other tools with webhooks](/help/acme/articles/connect-your-tools-with-webhooks)
- Install the mobile app to get notifications on the go`,
  },
  {
    category: "start",
    title: "Import your data from a CSV file",
    summary: "Bring projects and contacts over from a spreadsheet or another tool with a CSV import.",
    status: "published",
    author: "agent@acme.test",
    editor: "agent2@acme.test",
    writtenDaysAgo: 95,
    editedDaysAgo: 12,
    dailyViews: 9,
    body: `You can import projects and contacts from any tool that exports CSV (comma-separated values), including Excel and Google Sheets.

# Prepare the file

The first row must hold the column names. Acme recognises these columns; any other column is imported as a custom field.

| Column | Required | Example |
| --- | --- | --- |
| \`name\` | yes | Website relaunch |
| \`owner_email\` | no | jordan.lee@example.com |
| \`due_date\` | no | 2026-03-31 |
| \`status\` | no | active, paused or done |

Save the file as **CSV UTF-8**. Files up to 50 MB and 100,000 rows are accepted.

# Run the import

1. Open **Settings > Import** and choose **Upload CSV**.
2. Match each column to a field. Acme suggests a match for the columns it recognises.
3. Click **Start import**. You will get an email when it is done; large files take a few minutes.

# If the import fails

- **"Unknown date format"**: write dates as \`YYYY-MM-DD\`.
- **"Owner not found"**: the owner's email must belong to a member of your workspace. Invite them first, or leave the column empty.
- **The export times out**: split the file into parts of 20,000 rows and import them one after another.`,
  },
  {
    category: "start",
    title: "Connect your tools with webhooks",
    summary: "Send Acme events to your own endpoint and check their signature before you trust them.",
    status: "published",
    author: "agent2@acme.test",
    writtenDaysAgo: 60,
    editedDaysAgo: 20,
    dailyViews: 4,
    body: `Webhooks tell your own systems the moment something happens in Acme, such as a project being completed.

# Add an endpoint

1. Open **Settings > Integrations > Webhooks** and click **Add endpoint**.
2. Enter an HTTPS address that accepts \`POST\` requests.
3. Choose the events to send and click **Save**. Acme shows the signing secret once: store it safely.

Each delivery is a JSON body like this one:

\`\`\`json
{
  "type": "project.completed",
  "timestamp": "2026-01-14T09:30:00Z",
  "data": { "id": "prj_5821", "name": "Website relaunch" }
}
\`\`\`

# Check the signature

Every request carries a \`webhook-signature\` header. Compute an HMAC-SHA256 of the raw body with your secret and compare it; reject the request if they differ.

# When deliveries fail

Acme retries a failed delivery for up to 24 hours, waiting longer each time. Your endpoint should answer with a \`2xx\` status within 10 seconds. If every delivery fails with **500**, check your server's logs first: the request reached it.`,
  },
  {
    category: "start",
    title: "Use Acme on your phone",
    summary: "Install the iOS or Android app, sign in and choose which notifications you get.",
    status: "published",
    author: "agent@acme.test",
    writtenDaysAgo: 80,
    dailyViews: 6,
    body: `The Acme app for iOS and Android shows your projects and notifies you of changes.

# Install and sign in

1. Search for **Acme** in the App Store or Google Play and install it.
2. Open the app and sign in with the same email and password as on the web.
3. If your workspace uses two-step verification, enter the code from your authenticator app.

# Choose your notifications

Tap your picture, then **Notifications**. You can turn each kind on or off: mentions, due dates and weekly summaries.

# Known problems

- **The app closes when uploading a photo on Android 15**: update the app to version 4.12 or later, which fixes it.
- **No notifications on iOS**: check **Settings > Notifications > Acme** on your phone and allow them.`,
  },
  {
    category: "billing",
    title: "Compare plans and prices",
    summary: "What each plan includes and what it costs, billed monthly or yearly.",
    status: "published",
    author: "admin@acme.test",
    writtenDaysAgo: 150,
    editedDaysAgo: 30,
    dailyViews: 18,
    body: `Every plan includes unlimited projects and our mobile apps. Prices are per member and exclude VAT.

| Plan | Monthly | Yearly (per month) | Members | Storage |
| --- | --- | --- | --- | --- |
| Starter | $0 | $0 | up to 3 | 2 GB |
| Team | $12 | $10 | unlimited | 100 GB |
| Business | $24 | $20 | unlimited | 1 TB |

# What Business adds

- Single sign-on (SAML)
- Audit log of every change, kept for a year
- A named contact in our support team

# Change your plan

Admins can change the plan at any time under **Settings > Billing**. An upgrade applies at once and you pay the difference for the rest of the period; a downgrade applies at the end of the period you paid for.`,
  },
  {
    category: "billing",
    title: "Update your VAT number and billing details",
    summary: "Change the company name, address or VAT number on your invoices, and get an invoice reissued.",
    status: "published",
    author: "agent@acme.test",
    writtenDaysAgo: 70,
    dailyViews: 7,
    body: `Invoices use the billing details saved when they were issued. Update them before your next invoice to have them right.

# Change your billing details

1. Open **Settings > Billing** and click **Billing details**.
2. Update the company name, address or **VAT number**. EU VAT numbers are checked with the VIES service when you save.
3. Click **Save**. The next invoice uses the new details.

# Get an earlier invoice reissued

An invoice that has been issued cannot be edited, but we can reissue it with your current details. Reply to your invoice email or write to billing@acme.example with:

- the invoice number (for example **INV-2026-0142**)
- the details that should appear on it

We reissue invoices within two working days.`,
  },
  {
    category: "billing",
    title: "Why was I charged twice?",
    summary: "Two charges on the same day are usually a card check that disappears on its own; here is how to tell.",
    status: "published",
    author: "agent2@acme.test",
    writtenDaysAgo: 45,
    dailyViews: 11,
    body: `If your card statement shows two charges from Acme on the same day, it is usually one of these:

1. **A card check.** When you add or change a card, your bank may show a small temporary charge (often $1). It disappears within 5 to 7 days without any action.
2. **An upgrade.** Moving to a bigger plan charges the difference for the rest of the period, separately from your usual payment.
3. **Two workspaces.** Check **Settings > Billing** in each workspace you belong to.

# Still charged twice?

If none of the above explains it, write to us with the last four digits of the card and the dates of both charges. We refund a duplicate payment in full, and it reaches your account within 5 to 10 working days depending on your bank.`,
  },
  {
    category: "billing",
    title: "Cancel or downgrade your subscription",
    summary: "Cancel at any time from Settings > Billing; your workspace stays usable until the end of the period.",
    status: "published",
    author: "admin@acme.test",
    writtenDaysAgo: 110,
    dailyViews: 8,
    body: `Only admins can cancel or downgrade. You keep everything you paid for until the end of the current period.

# Cancel

1. Open **Settings > Billing** and click **Cancel subscription**.
2. Tell us why (optional, but it helps us improve).
3. Confirm. You will receive an email confirming the date your plan ends.

After that date your workspace moves to the Starter plan. Nothing is deleted: projects over the Starter limits become read-only until you upgrade again.

# Yearly plans

Yearly plans are not refunded for the months left, except within 14 days of the first payment. To ask for a refund in that window, reply to your receipt email.`,
  },
  {
    category: "billing",
    title: "Refunds: what agents may approve",
    summary: "Internal: which refunds an agent approves alone and which go to the billing lead.",
    status: "internal",
    author: "admin@acme.test",
    writtenDaysAgo: 40,
    dailyViews: 0,
    body: `For the support team only. Customers never see this article.

# Approve on your own

- Duplicate charges, after checking both payments in the billing console
- Yearly plans cancelled within **14 days** of the first payment
- Up to **$50** of goodwill credit per workspace and year

# Ask the billing lead

Anything else, in particular refunds for months already used. Put the ticket in the **Billing** group with an internal note saying what the customer asks and why.

# Always

Tell the customer how long the refund takes (5 to 10 working days) and link [Why was I charged twice?](/help/acme/articles/why-was-i-charged-twice) when it fits.`,
  },
  {
    category: "account",
    title: "Reset your password",
    summary: "Forgot your password or locked out after changing it? Reset it from the sign-in page.",
    status: "published",
    author: "agent@acme.test",
    writtenDaysAgo: 140,
    editedDaysAgo: 5,
    dailyViews: 25,
    body: `# Reset it from the sign-in page

1. Go to the sign-in page and click **Forgot password?**
2. Enter the email address you sign in with.
3. Open the email we send and click **Choose a new password**. The link works once, for one hour.
4. Choose a password of at least 12 characters.

# Still cannot sign in?

- **Signed in with your old password somewhere?** Changing your password signs you out on every device. Sign in again with the new one.
- **No email after five minutes?** Check your spam folder, and that you used the address your workspace invited.
- **Your company uses single sign-on?** Reset the password with your company's identity provider instead; your IT team can help.

If none of this works, [contact us](/help/acme) and mention the email address you sign in with.`,
  },
  {
    category: "account",
    title: "Turn on two-step verification",
    summary: "Protect your account with a code from an authenticator app in addition to your password.",
    status: "published",
    author: "agent2@acme.test",
    writtenDaysAgo: 100,
    dailyViews: 10,
    body: `Two-step verification asks for a six-digit code from your phone when you sign in, so a stolen password alone is not enough.

# Turn it on

1. Install an authenticator app, such as 1Password, Google Authenticator or Microsoft Authenticator.
2. In Acme, open your picture > **Security** and click **Turn on two-step verification**.
3. Scan the QR code with the app and enter the code it shows.
4. **Save your recovery codes** somewhere safe. Each works once if you lose your phone.

# Lost your phone?

Sign in with one of your recovery codes instead of the six-digit code, then turn two-step verification off and on again with your new phone.

Admins can require two-step verification for everyone under **Settings > Security**.`,
  },
  {
    category: "account",
    title: "Add a second admin to your workspace",
    summary: "Give another member admin rights so more than one person can manage billing and members.",
    status: "published",
    author: "admin@acme.test",
    writtenDaysAgo: 90,
    dailyViews: 5,
    body: `We recommend at least two admins per workspace, so someone can always manage it.

1. Open **Settings > Members**.
2. Find the person and click the role next to their name.
3. Choose **Admin** and confirm.

The new admin gets an email saying so. An admin can do everything, including changing the plan and removing other admins, so choose someone you trust.

> The last admin of a workspace cannot be removed or made a member: promote someone else first.`,
  },
  {
    category: "account",
    title: "Delete your account and your personal data",
    summary: "How to close your account and what we delete, as the GDPR allows you to ask.",
    status: "draft",
    author: "agent@acme.test",
    writtenDaysAgo: 3,
    dailyViews: 0,
    body: `You can ask us to delete your account and the personal data we hold about you at any time.

# Delete your own account

Open your picture > **Account** and click **Delete my account**. We delete your profile, your notifications and your sign-in details within 30 days.

Projects you created stay in your workspace (they belong to your company), shown as created by "a former member".

# What we keep

- Invoices, for as long as tax law requires (usually 10 years)
- TODO: check with legal how long backups keep data`,
  },
];

/** Searches the demo's visitors made that found nothing: what the team should write next. */
export const DEMO_KB_UNANSWERED = [
  { term: "change invoice currency", searchesPerDay: 1, days: [1, 3, 4, 8, 12, 15, 21] },
  { term: "sso okta", searchesPerDay: 2, days: [2, 5, 9, 16, 26] },
  { term: "export to pdf", searchesPerDay: 1, days: [6, 14, 22] },
];

/** Searches that found articles (not shown as unanswered, counted as searches). */
export const DEMO_KB_ANSWERED = [
  { term: "password", searchesPerDay: 6, results: 2 },
  { term: "vat", searchesPerDay: 2, results: 1 },
  { term: "refund", searchesPerDay: 3, results: 2 },
];
