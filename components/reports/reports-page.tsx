"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowDown, ArrowUp, Download, Minus } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { useCompanies } from "@/components/companies/queries";
import { useGroups } from "@/components/settings/groups-queries";
import { useCustomFields } from "@/components/settings/fields/queries";
import { useAssignableUsers } from "@/components/tickets/queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect, type Option } from "@/components/ui/option-select";
import { Switch } from "@/components/ui/switch";
import { Skeleton } from "@/components/ui/skeleton";
import { ENTRANCE_LABELS } from "@/lib/automations/labels";
import { deltaOf, minutesText, shareOf, type Delta } from "@/lib/reports/deltas";
import { reportSearch, type ReportFilters } from "@/lib/reports/drill-down";
import {
  presetRange,
  previousRange,
  REPORT_PRESETS,
  type ReportPresetId,
  type ReportRange,
} from "@/lib/reports/range-presets";
import { tableFileName } from "@/lib/reports/table-csv";
import type { Jsonify } from "@/lib/schemas/json";
import type { ReportFigures, ReportSummary } from "@/lib/schemas/reports";
import {
  REPORT_DIMENSIONS,
  type ReportBreakdown,
  type ReportDimension,
  type ReportHeatmap,
  type ReportInterval,
  type ReportSeries,
} from "@/lib/schemas/reports-charts";
import { ENTRANCES } from "@/lib/schemas/automations";
import { PRIORITY_LABELS, TICKET_PRIORITIES } from "@/lib/tickets/fields";
import { BreakdownTable, DIMENSION_LABELS } from "./breakdown-table";
import { MeasuresTable } from "./measures-table";
import { RatingComments } from "./rating-comments";
import { SlaCompliance } from "./sla-compliance";

// The charts are drawn only here: their code is loaded with this page, never with the workspace's others.
const TimeChart = dynamic(() => import("./time-chart").then((m) => m.TimeChart), {
  ssr: false,
  loading: () => <Skeleton className="h-64" />,
});
const HeatMap = dynamic(() => import("./heat-map").then((m) => m.HeatMap), {
  ssr: false,
  loading: () => <Skeleton className="h-56" />,
});

const ALL = "all";
const CUSTOM = "custom";

/** A select's choices with "All" first (Radix selects take no empty value). */
const withAll = (label: string, options: Option[]): Option[] => [{ value: ALL, label }, ...options];

/**
 * The Reports page: a range in the organisation's zone, filters, the summary beside the period
 * before, the series over time, the breakdowns with the tickets behind each row, and the heat map.
 * An agent sees their own figures: the API answers with their tickets only.
 */
export function ReportsPage({
  timeZone,
  seesAll,
  range: opened,
}: {
  timeZone: string;
  seesAll: boolean;
  /** The range the page was opened with (a link), shown as a custom range; else the last 30 days. */
  range?: ReportRange;
}) {
  // The presets count days from when the page was opened: a report left open over midnight keeps its range.
  const [now] = useState(() => Date.now());
  const [preset, setPreset] = useState<ReportPresetId | typeof CUSTOM>(opened ? CUSTOM : "30d");
  const [custom, setCustom] = useState<ReportRange>(() => opened ?? presetRange("30d", timeZone, now));
  const range = preset === CUSTOM ? custom : presetRange(preset, timeZone, now);
  const [filters, setFilters] = useState<ReportFilters>({});
  const [businessHours, setBusinessHours] = useState(false);
  const [interval, setInterval] = useState<ReportInterval>("day");
  const [by, setBy] = useState<ReportDimension>(seesAll ? "group" : "priority");
  const valid = range.from !== "" && range.to !== "" && range.from <= range.to;
  const search = reportSearch(range, filters, businessHours ? { businessHours: "true" } : {});
  const summary = useQuery<Jsonify<ReportSummary>>({ queryKey: [`/api/reports/summary?${search}`], enabled: valid });
  const series = useQuery<Jsonify<ReportSeries>>({
    queryKey: [`/api/reports/series?${search}&interval=${interval}`],
    enabled: valid,
  });
  const breakdown = useQuery<Jsonify<ReportBreakdown>>({
    queryKey: [`/api/reports/breakdown?${search}&by=${by}`],
    enabled: valid,
  });
  const heatmap = useQuery<Jsonify<ReportHeatmap>>({ queryKey: [`/api/reports/heatmap?${search}`], enabled: valid });
  const named: Record<string, string> = Object.fromEntries(
    Object.entries({ ...filters, fields: undefined, ...(filters.fields ?? {}) }).filter(
      (e): e is [string, string] => typeof e[1] === "string",
    ),
  );
  const fileName = (table: string) => tableFileName(table, range, named);
  const setFilter = (name: keyof Omit<ReportFilters, "fields">, value: string) =>
    setFilters((f) => ({ ...f, [name]: value === ALL || value === "" ? undefined : value }));
  const error = [summary, series, breakdown, heatmap].find((q) => q.error)?.error;

  return (
    <div className="grid min-w-0 gap-6">
      <section aria-label="Range and filters" className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="report-range">Range</Label>
            <OptionSelect
              id="report-range"
              label="Range"
              value={preset}
              options={[
                ...REPORT_PRESETS.map((p) => ({ value: p.id, label: p.label })),
                { value: CUSTOM, label: "Custom" },
              ]}
              onChange={(value) => {
                if (value === CUSTOM) setCustom(range);
                setPreset(value as ReportPresetId | typeof CUSTOM);
              }}
              className="w-40"
            />
          </div>
          {preset === CUSTOM &&
            (["from", "to"] as const).map((side) => (
              <div key={side} className="grid gap-1.5">
                <Label htmlFor={`report-${side}`}>{side === "from" ? "From" : "To"}</Label>
                <Input
                  id={`report-${side}`}
                  type="date"
                  value={custom[side]}
                  {...(side === "from" ? { max: custom.to } : { min: custom.from })}
                  onChange={(e) => setCustom((r) => ({ ...r, [side]: e.target.value }))}
                />
              </div>
            ))}
          <p className="text-sm text-muted-foreground" data-testid="report-range">
            {range.from} to {range.to}, days in {timeZone}; compared with {previousRange(range).from} to{" "}
            {previousRange(range).to}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <Switch id="report-business-hours" checked={businessHours} onCheckedChange={setBusinessHours} />
            <Label htmlFor="report-business-hours">Business hours</Label>
          </div>
        </div>
        <ReportFiltersBar filters={filters} setFilter={setFilter} setFilters={setFilters} seesAll={seesAll} />
        {!seesAll && (
          <p className="text-sm text-muted-foreground">These are your own figures: the tickets assigned to you.</p>
        )}
      </section>

      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      )}

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {summary.data ? (
          <SummaryCards summary={summary.data} />
        ) : (
          Array.from({ length: 12 }, (_, i) => <Skeleton key={i} className="h-28" />)
        )}
      </section>

      <SummaryPart title="Response times" summary={summary.data}>
        {(data) => <MeasuresTable summary={data} csvName={fileName("response-times-summary")} />}
      </SummaryPart>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <SummaryPart title="SLA compliance" summary={summary.data}>
          {(data) => (
            <SlaCompliance summary={data} range={range} filters={filters} csvName={fileName("sla-compliance")} />
          )}
        </SummaryPart>
        <SummaryPart title="What customers said" summary={summary.data}>
          {(data) => <RatingComments comments={data.satisfactionComments} />}
        </SummaryPart>
      </div>

      {/* A grid item is as wide as its content unless told: the wide tables scroll inside instead. */}
      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Over time</CardTitle>
          <div className="flex items-center gap-2">
            <Label htmlFor="report-interval">By</Label>
            <OptionSelect
              id="report-interval"
              label="Interval"
              value={interval}
              options={[
                { value: "day", label: "Day" },
                { value: "week", label: "Week" },
              ]}
              onChange={(v) => setInterval(v as ReportInterval)}
              className="w-28"
            />
          </div>
        </CardHeader>
        <CardContent className="grid gap-8">
          {series.data ? <OverTime series={series.data} fileName={fileName} /> : <Skeleton className="h-64" />}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>Breakdown</CardTitle>
          <div className="flex items-center gap-2">
            <Label htmlFor="report-by">By</Label>
            <OptionSelect
              id="report-by"
              label="Breakdown by"
              value={by}
              options={REPORT_DIMENSIONS.filter((d) => seesAll || d !== "agent").map((d) => ({
                value: d,
                label: DIMENSION_LABELS[d],
              }))}
              onChange={(v) => setBy(v as ReportDimension)}
              className="w-36"
            />
          </div>
        </CardHeader>
        <CardContent>
          {breakdown.data ? (
            <BreakdownTable
              breakdown={breakdown.data}
              range={range}
              filters={filters}
              csvName={fileName(`by-${breakdown.data.by}`)}
            />
          ) : (
            <Skeleton className="h-40" />
          )}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardContent className="pt-6">
          {heatmap.data ? (
            <HeatMap heatmap={heatmap.data} csvName={fileName("arrivals")} />
          ) : (
            <Skeleton className="h-56" />
          )}
        </CardContent>
      </Card>

      <p>
        <a
          href={`/api/reports/tickets.csv?${reportSearch(range, filters)}`}
          download
          className="inline-flex items-center gap-2 text-sm font-medium underline underline-offset-4"
        >
          <Download className="size-4" aria-hidden="true" />
          Download the range&apos;s tickets as CSV
        </a>
      </p>
    </div>
  );
}

function ReportFiltersBar({
  filters,
  setFilter,
  setFilters,
  seesAll,
}: {
  filters: ReportFilters;
  setFilter: (name: keyof Omit<ReportFilters, "fields">, value: string) => void;
  setFilters: (change: (f: ReportFilters) => ReportFilters) => void;
  seesAll: boolean;
}) {
  const groups = useGroups();
  const agents = useAssignableUsers({ enabled: seesAll });
  const companies = useCompanies();
  const fields = useCustomFields();
  const [fieldKey, setFieldKey] = useState(ALL);
  const select = (name: keyof Omit<ReportFilters, "fields">, label: string, options: Option[]) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`report-${name}`}>{label}</Label>
      <OptionSelect
        id={`report-${name}`}
        label={label}
        value={filters[name] ?? ALL}
        options={withAll(`All`, options)}
        onChange={(v) => setFilter(name, v)}
        className="w-full sm:w-40"
      />
    </div>
  );
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      {select(
        "group",
        "Group",
        (groups.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
      )}
      {seesAll &&
        select(
          "agent",
          "Agent",
          (agents.data ?? []).map((a) => ({ value: a.id, label: a.fullName })),
        )}
      {select(
        "priority",
        "Priority",
        TICKET_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] })),
      )}
      {select(
        "entrance",
        "Entrance",
        ENTRANCES.map((e) => ({ value: e, label: ENTRANCE_LABELS[e] })),
      )}
      {select(
        "company",
        "Company",
        (companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name })),
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="report-tag">Tag</Label>
        <Input
          id="report-tag"
          defaultValue={filters.tag ?? ""}
          placeholder="Any tag"
          className="w-full sm:w-36"
          onBlur={(e) => setFilter("tag", e.target.value.trim())}
          onKeyDown={(e) => e.key === "Enter" && setFilter("tag", e.currentTarget.value.trim())}
        />
      </div>
      {(fields.data?.fields.length ?? 0) > 0 && (
        <div className="col-span-2 flex items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="report-field">Custom field</Label>
            <OptionSelect
              id="report-field"
              label="Custom field"
              value={fieldKey}
              options={withAll(
                "None",
                (fields.data?.fields ?? []).map((f) => ({ value: f.key, label: f.label })),
              )}
              onChange={(key) => {
                setFieldKey(key);
                setFilters((f) => ({ ...f, fields: undefined }));
              }}
              className="w-40"
            />
          </div>
          {fieldKey !== ALL && (
            <div className="grid gap-1.5">
              <Label htmlFor="report-field-value">Value</Label>
              <Input
                id="report-field-value"
                key={fieldKey}
                placeholder="Equals"
                className="w-36"
                onBlur={(e) => {
                  const value = e.target.value.trim();
                  setFilters((f) => ({ ...f, fields: value ? { [fieldKey]: value } : undefined }));
                }}
                onKeyDown={(e) => {
                  if (e.key !== "Enter") return;
                  const value = e.currentTarget.value.trim();
                  setFilters((f) => ({ ...f, fields: value ? { [fieldKey]: value } : undefined }));
                }}
              />
            </div>
          )}
        </div>
      )}
    </div>
  );
}

type Figures = Jsonify<ReportFigures>;

/** A card of the summary's numbers, a placeholder until they come. */
function SummaryPart({
  title,
  summary,
  children,
}: {
  title: string;
  summary: Jsonify<ReportSummary> | undefined;
  children: (summary: Jsonify<ReportSummary>) => React.ReactNode;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{summary ? children(summary) : <Skeleton className="h-40" />}</CardContent>
    </Card>
  );
}

const percent = (v: number | null) => (v === null ? "–" : `${v}%`);

/** The summary's cards, each with its change from the period before in words (and an arrow, never colour alone). */
function SummaryCards({ summary }: { summary: Jsonify<ReportSummary> }) {
  const slaShare = (f: Figures) => shareOf(f.slaCompliance.met, f.slaCompliance.met + f.slaCompliance.breached);
  const goodShare = (f: Figures) => shareOf(f.satisfaction.good, f.satisfaction.good + f.satisfaction.bad);
  const cards: {
    title: string;
    value: (f: Figures) => number | null;
    text?: (v: number | null) => string;
    lowerIsBetter: boolean | null;
    /** What the figure counts, when its title alone does not say. */
    help?: string;
  }[] = [
    { title: "Created", value: (f) => f.created, lowerIsBetter: null },
    { title: "Solved", value: (f) => f.solved, lowerIsBetter: false },
    { title: "Reopened", value: (f) => f.reopened, lowerIsBetter: true },
    { title: "Backlog at the end", value: (f) => f.backlog, lowerIsBetter: true },
    {
      title: "First response (median)",
      value: (f) => f.firstResponseMinutes.median,
      text: minutesText,
      lowerIsBetter: true,
    },
    { title: "Resolution (median)", value: (f) => f.resolutionMinutes.median, text: minutesText, lowerIsBetter: true },
    { title: "SLA met", value: slaShare, text: percent, lowerIsBetter: false },
    { title: "Good ratings", value: goodShare, text: percent, lowerIsBetter: false },
    {
      title: "Next response (median)",
      value: (f) => f.nextResponseMinutes.median,
      text: minutesText,
      lowerIsBetter: true,
      help: "From a customer's reply to the team's next public reply",
    },
    {
      title: "Replies per solved ticket (median)",
      value: (f) => f.agentRepliesPerTicket.median,
      lowerIsBetter: true,
      help: "Public replies by the team",
    },
    {
      title: "One-touch resolution",
      value: (f) => shareOf(f.oneTouchSolved, f.solved),
      text: percent,
      lowerIsBetter: false,
      help: "Solved with exactly one team reply and never reopened",
    },
    {
      title: "Ratings",
      value: (f) => f.satisfaction.good + f.satisfaction.bad,
      lowerIsBetter: null,
      help: "Satisfaction answers received",
    },
  ];
  return cards.map((card) => {
    const value = card.value(summary);
    const delta = deltaOf(value, card.value(summary.previous), card.lowerIsBetter);
    return (
      <Card key={card.title} className="gap-2 py-4" data-testid="report-card">
        <CardHeader className="px-4">
          <CardTitle className="text-sm font-medium text-muted-foreground">{card.title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-1 px-4">
          <span className="text-2xl font-semibold tabular-nums">{card.text ? card.text(value) : (value ?? "–")}</span>
          <DeltaLine delta={delta} />
          {card.help && <span className="text-xs text-muted-foreground">{card.help}</span>}
        </CardContent>
      </Card>
    );
  });
}

function DeltaLine({ delta }: { delta: Delta }) {
  const Icon = delta.direction === "up" ? ArrowUp : delta.direction === "down" ? ArrowDown : Minus;
  const tone =
    delta.better === null
      ? "text-muted-foreground"
      : delta.better
        ? "text-emerald-700 dark:text-emerald-400"
        : "text-red-700 dark:text-red-400";
  return (
    <span className={`flex items-center gap-1 text-xs ${tone}`}>
      <Icon className="size-3 shrink-0" aria-hidden="true" />
      <span>
        {delta.words}
        {delta.better !== null && <span className="sr-only">{delta.better ? " (better)" : " (worse)"}</span>}
      </span>
    </span>
  );
}

function OverTime({ series, fileName }: { series: Jsonify<ReportSeries>; fileName: (table: string) => string }) {
  const label = (start: string) => (series.interval === "week" ? `Week of ${start.slice(5)}` : start.slice(5));
  return (
    <>
      <TimeChart
        title="Tickets created, solved and reopened"
        kind="bar"
        csvName={fileName("tickets-over-time")}
        series={[
          { key: "created", label: "Created", stroke: "stroke-sky-600", fill: "fill-sky-600 dark:fill-sky-400" },
          {
            key: "solved",
            label: "Solved",
            stroke: "stroke-emerald-600",
            fill: "fill-emerald-600 dark:fill-emerald-400",
          },
          {
            key: "reopened",
            label: "Reopened",
            stroke: "stroke-amber-600",
            fill: "fill-amber-500 dark:fill-amber-300",
          },
        ]}
        points={series.points.map((p) => ({
          label: label(p.start),
          values: { created: p.created, solved: p.solved, reopened: p.reopened },
        }))}
      />
      <TimeChart
        title="Backlog at the end of each period"
        kind="line"
        csvName={fileName("backlog")}
        series={[{ key: "backlog", label: "Backlog", stroke: "stroke-violet-600 dark:stroke-violet-400", fill: "" }]}
        points={series.points.map((p) => ({ label: label(p.start), values: { backlog: p.backlog } }))}
      />
      <TimeChart
        title="First response and resolution (minutes)"
        kind="line"
        unit="min"
        csvName={fileName("response-times")}
        series={[
          {
            key: "firstMedian",
            label: "First response, median",
            stroke: "stroke-sky-600 dark:stroke-sky-400",
            fill: "",
          },
          {
            key: "firstP90",
            label: "First response, 90th percentile",
            stroke: "stroke-sky-600 dark:stroke-sky-400",
            fill: "",
            dash: "4 3",
          },
          {
            key: "resolutionMedian",
            label: "Resolution, median",
            stroke: "stroke-emerald-600 dark:stroke-emerald-400",
            fill: "",
          },
          {
            key: "resolutionP90",
            label: "Resolution, 90th percentile",
            stroke: "stroke-emerald-600 dark:stroke-emerald-400",
            fill: "",
            dash: "4 3",
          },
        ]}
        points={series.points.map((p) => ({
          label: label(p.start),
          values: {
            firstMedian: p.firstResponseMinutes.median,
            firstP90: p.firstResponseMinutes.p90,
            resolutionMedian: p.resolutionMinutes.median,
            resolutionP90: p.resolutionMinutes.p90,
          },
        }))}
      />
    </>
  );
}
