import { weeklySummaryMail, type WeeklyFigures, type WeeklySummaryFacts } from "@/lib/mail/weekly-summary-mail";

// The weekly summary email an admin reads: last week's four figures, each against the week
// before in words (better or worse said, never shown by colour alone), the link to the same week
// in Reports, and how to stop it; the text and HTML parts say the same.

const figures = (over: Partial<WeeklyFigures> = {}): WeeklyFigures => ({
  created: 12,
  solved: 9,
  firstResponseMinutes: { median: 45, p90: 300 },
  slaCompliance: { met: 9, breached: 1 },
  ...over,
});

const facts = (over: Partial<WeeklySummaryFacts> = {}): WeeklySummaryFacts => ({
  organizationName: "Acme Support",
  timeZone: "Europe/London",
  week: { from: "2026-11-30", to: "2026-12-06" },
  current: figures(),
  previous: figures({
    created: 10,
    solved: 9,
    firstResponseMinutes: { median: 60, p90: 200 },
    slaCompliance: { met: 4, breached: 1 },
  }),
  reportsLink: "https://help.example.test/reports?from=2026-11-30&to=2026-12-06",
  profileLink: "https://help.example.test/profile#weekly-summary",
  ...over,
});

describe("weeklySummaryMail", () => {
  it("tells the week's figures against the week before, in its text part", () => {
    const mail = weeklySummaryMail("dana@acme.test", facts());
    expect(mail.to).toBe("dana@acme.test");
    expect(mail.subject).toBe("Weekly summary of Acme Support: 30 Nov 2026 to 6 Dec 2026");
    expect(mail.text).toBe(
      [
        "Acme Support's week in Ticketry, Monday 30 Nov 2026 to Sunday 6 Dec 2026 (days in Europe/London), against the week before.",
        [
          "Tickets created: 12\n  Up 20% from 10",
          "Tickets solved: 9\n  Same as before (9)",
          "First response (median): 45 min\n  Down 25% from 1 h, better",
          "SLA met: 90% of 10 targets\n  Up 13% from 80% of 5 targets, better",
        ].join("\n"),
        "See the week in Reports:\nhttps://help.example.test/reports?from=2026-11-30&to=2026-12-06",
        'You get this email because you turned on "Weekly summary email" in your Ticketry profile. To stop it, turn it off there:\nhttps://help.example.test/profile#weekly-summary',
      ].join("\n\n"),
    );
  });

  it("says a worse week is worse, and a week without figures has none", () => {
    const worse = weeklySummaryMail(
      "dana@acme.test",
      facts({
        current: figures({ solved: 3, firstResponseMinutes: { median: 90, p90: 90 } }),
        previous: figures({ solved: 6, firstResponseMinutes: { median: 60, p90: 60 } }),
      }),
    );
    expect(worse.text).toContain("Tickets solved: 3\n  Down 50% from 6, worse");
    expect(worse.text).toContain("First response (median): 1 h 30 min\n  Up 50% from 1 h, worse");
    const empty = figures({
      created: 0,
      solved: 0,
      firstResponseMinutes: { median: null, p90: null },
      slaCompliance: { met: 0, breached: 0 },
    });
    const quiet = weeklySummaryMail("dana@acme.test", facts({ current: empty, previous: empty }));
    expect(quiet.text).toContain("Tickets created: 0\n  Same as before (0)");
    expect(quiet.text).toContain("First response (median): –\n  No figure in this period");
    expect(quiet.text).toContain("SLA met: –\n  No figure in this period");
  });

  it("says the same in its HTML part, with everything typed escaped and no colour of text or page fixed", () => {
    const mail = weeklySummaryMail("dana@acme.test", facts({ organizationName: `<b>Acme</b> & "Co"` }));
    const html = mail.html!;
    expect(html).toContain("&lt;b&gt;Acme&lt;/b&gt; &amp; &quot;Co&quot;&#39;s week in Ticketry");
    expect(html).not.toContain("<b>Acme</b>");
    expect(html).toContain('<th scope="row"');
    for (const cell of [
      "Tickets created",
      "12",
      "Up 20% from 10",
      "45 min",
      "Down 25% from 1 h, better",
      "90% of 10 targets",
    ])
      expect(html).toContain(`>${cell}<`);
    expect(html).toContain('href="https://help.example.test/reports?from=2026-11-30&amp;to=2026-12-06"');
    expect(html).toContain("To stop it, turn it off in");
    // Dark mode: only the button sets a colour, white on its own mid blue; no text or page colour is fixed.
    expect(html.match(/color:#/g)).toHaveLength(1);
    expect(html).toContain('href="https://help.example.test/profile#weekly-summary" style="color:inherit"');
    expect(html.match(/background:/g)).toHaveLength(1);
    // The subject is one line, whatever the name holds.
    expect(weeklySummaryMail("d@a.test", facts({ organizationName: "Acme\nSupport" })).subject).toBe(
      "Weekly summary of Acme Support: 30 Nov 2026 to 6 Dec 2026",
    );
  });
});
