import { DAY_MS, toWall } from "./time-zone";

const WEEKDAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * "45 business minutes", "1 business hour", "2 business hours 30 minutes". Rounded up to the
 * minute, so a due time still ahead never reads "0 business minutes".
 */
export function formatBusinessDuration(minutes: number): string {
  const whole = Math.max(0, Math.ceil(minutes));
  if (whole < 60) return plural(whole, "business minute");
  const hours = plural(Math.floor(whole / 60), "business hour");
  return whole % 60 === 0 ? hours : `${hours} ${plural(whole % 60, "minute")}`;
}

/**
 * A due time on the viewer's clock (24-hour): "Today 10:30", "Tomorrow 10:30", "Mon 10:30"
 * within the coming six days, else "Mon 14 Dec, 10:30" (with the year when it is not this one).
 */
export function formatDueMoment(dueAt: Date, now: Date, viewerTimeZone: string): string {
  const wall = new Date(toWall(viewerTimeZone, dueAt.getTime()));
  const nowWall = new Date(toWall(viewerTimeZone, now.getTime()));
  const days = Math.floor(wall.getTime() / DAY_MS) - Math.floor(nowWall.getTime() / DAY_MS);
  const time = `${String(wall.getUTCHours()).padStart(2, "0")}:${String(wall.getUTCMinutes()).padStart(2, "0")}`;
  const weekday = WEEKDAY_NAMES[wall.getUTCDay()];
  if (days === 0) return `Today ${time}`;
  if (days === 1) return `Tomorrow ${time}`;
  if (days > 1 && days <= 6) return `${weekday} ${time}`;
  const year = wall.getUTCFullYear() === nowWall.getUTCFullYear() ? "" : ` ${wall.getUTCFullYear()}`;
  return `${weekday} ${wall.getUTCDate()} ${MONTH_NAMES[wall.getUTCMonth()]}${year}, ${time}`;
}
