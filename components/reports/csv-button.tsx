"use client";

import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { CsvValue } from "@/lib/reports/csv";
import { tableCsv } from "@/lib/reports/table-csv";

/** Downloads a table the page shows as CSV, made here from the numbers on screen (no second request). */
export function CsvButton({
  name,
  header,
  rows,
  label,
}: {
  name: string;
  header: string[];
  rows: CsvValue[][];
  label: string;
}) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([tableCsv(header, rows)], { type: "text/csv;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Button variant="outline" size="sm" onClick={download} aria-label={`Download ${label} as CSV`}>
      <Download aria-hidden="true" />
      CSV
    </Button>
  );
}
