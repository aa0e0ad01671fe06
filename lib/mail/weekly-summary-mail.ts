import { deltaOf, minutesText, shareOf } from "@/lib/reports/deltas";
import type { ReportRange } from "@/lib/reports/range-presets";
import type { ReportFigures } from "@/lib/schemas/reports";
import { PRODUCT_NAME } from "@/lib/site/product";
import { escapeHtml, htmlMail } from "./html";
import { oneLine } from "./templates";
import type { MailMessage } from "./transport";

/** The figures the mail tells, of those periodFigures reads for a period. */
export type WeeklyFigures = Pick<ReportFigures, "created" | "solved" | "firstResponseMinutes" | "slaCompliance">;

/** What the weekly summary tells an admin: the figures are periodFigures' for the week and the one before. */
export type WeeklySummaryFacts = {
  organizationName: string;
  timeZone: string;
  week: ReportRange;
  current: WeeklyFigures;
  previous: WeeklyFigures;
  /** The Reports page showing the same week. */
  reportsLink: string;
  /** The profile, where the email is turned off. */
  profileLink: string;
};

type Figure = (f: WeeklyFigures) => number | null;

type Row = {
  label: string;
  value: Figure;
  text: (v: number | null, f: WeeklyFigures) => string;
  lowerIsBetter: boolean | null;
};

/** The four figures of the issue, named as the Reports page's cards name them, each beside the week before. */
const ROWS: Row[] = [
  { label: "Tickets created", value: (f) => f.created, text: (v) => String(v), lowerIsBetter: null },
  { label: "Tickets solved", value: (f) => f.solved, text: (v) => String(v), lowerIsBetter: false },
  {
    label: "First response (median)",
    value: (f) => f.firstResponseMinutes.median,
    text: minutesText,
    lowerIsBetter: true,
  },
  {
    label: "SLA met",
    value: (f) => shareOf(f.slaCompliance.met, f.slaCompliance.met + f.slaCompliance.breached),
    text: (v, f) => {
      const targets = f.slaCompliance.met + f.slaCompliance.breached;
      return v === null ? "–" : `${v}% of ${targets} target${targets === 1 ? "" : "s"}`;
    },
    lowerIsBetter: false,
  },
];

/**
 * A figure's move from the week before, in the Reports page's words with the figure before in its
 * unit ("from 3 h 58 min", not "from 238"), and whether it is for the better: said in words,
 * never by colour alone.
 */
function change(row: Row, current: WeeklyFigures, previous: WeeklyFigures): string {
  const before = row.value(previous);
  const d = deltaOf(row.value(current), before, row.lowerIsBetter);
  const words = before === null ? d.words : d.words.replace(/\d+(\)?)$/, `${row.text(before, previous)}$1`);
  return d.better === null ? words : `${words}, ${d.better ? "better" : "worse"}`;
}

/** "30 Nov 2026" of a YYYY-MM-DD day. */
const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * The weekly summary email to an admin who turned it on. The text and HTML parts say the same;
 * the HTML fixes no colour of text or background (the reader's mail client, light or dark, keeps
 * its own; the profile link takes the text's), and the button is white on a mid blue, readable on
 * either.
 */
export function weeklySummaryMail(to: string, s: WeeklySummaryFacts): MailMessage {
  const week = `${dayText(s.week.from)} to ${dayText(s.week.to)}`;
  const org = oneLine(s.organizationName, 100);
  const lead = `${org}'s week in ${PRODUCT_NAME}, Monday ${dayText(s.week.from)} to Sunday ${dayText(s.week.to)} (days in ${s.timeZone}), against the week before.`;
  const rows = ROWS.map((row) => {
    const value = row.value(s.current);
    return {
      label: row.label,
      value: row.text(value, s.current),
      change: change(row, s.current, s.previous),
    };
  });
  const why = `You get this email because you turned on "Weekly summary email" in your ${PRODUCT_NAME} profile.`;
  const text = [
    lead,
    rows.map((r) => `${r.label}: ${r.value}\n  ${r.change}`).join("\n"),
    `See the week in Reports:\n${s.reportsLink}`,
    `${why} To stop it, turn it off there:\n${s.profileLink}`,
  ].join("\n\n");
  const cell = "padding:8px 12px 8px 0;border-bottom:1px solid rgba(127,127,127,0.35);vertical-align:top";
  const html = htmlMail(
    [
      `<p>${escapeHtml(lead)}</p>`,
      `<table data-weekly-summary style="border-collapse:collapse;margin:16px 0">`,
      ...rows.map(
        (r) =>
          `<tr><th scope="row" style="${cell};text-align:left;font-weight:normal">${escapeHtml(r.label)}</th>` +
          `<td style="${cell};font-weight:600;font-size:18px">${escapeHtml(r.value)}</td>` +
          `<td style="${cell}">${escapeHtml(r.change)}</td></tr>`,
      ),
      `</table>`,
      `<p><a href="${escapeHtml(s.reportsLink)}" style="display:inline-block;padding:10px 20px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600">See the week in Reports</a></p>`,
      `<p style="font-size:13px">${escapeHtml(why)} To stop it, turn it off in <a href="${escapeHtml(s.profileLink)}" style="color:inherit">your profile</a>.</p>`,
    ].join("\n"),
  );
  return { to, subject: `Weekly summary of ${org}: ${week}`, text, html };
}
