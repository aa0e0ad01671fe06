import { WEEKDAYS, type WeekHours } from "@/lib/sla/calendar";

const SHORT: Record<(typeof WEEKDAYS)[number], string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

/**
 * A week's hours on one line: days in a row with the same hours run together ("Mon-Fri
 * 09:00-17:00"), a split shift lists its intervals ("Sat 09:00-12:00, 13:00-15:00"), closed
 * days are left out; "Around the clock" for 24/7 and "Every day ..." when all days agree.
 */
export function weekSummary(hours: WeekHours): string {
  const dayText = WEEKDAYS.map((day) => (hours[day] ?? []).map(([start, end]) => `${start}-${end}`).join(", "));
  if (dayText.every((text) => text === "00:00-24:00")) return "Around the clock";
  if (dayText[0] && dayText.every((text) => text === dayText[0])) return `Every day ${dayText[0]}`;
  const runs: string[] = [];
  for (let i = 0; i < WEEKDAYS.length; i++) {
    if (!dayText[i]) continue;
    let last = i;
    while (last + 1 < WEEKDAYS.length && dayText[last + 1] === dayText[i]) last++;
    const days = last === i ? SHORT[WEEKDAYS[i]!] : `${SHORT[WEEKDAYS[i]!]}-${SHORT[WEEKDAYS[last]!]}`;
    runs.push(`${days} ${dayText[i]}`);
    i = last;
  }
  return runs.length ? runs.join("; ") : "Closed all week";
}
