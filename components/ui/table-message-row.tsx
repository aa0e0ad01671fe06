import { TableCell, TableRow } from "./table";

/** One full-width row for a table's loading, error or empty state. */
export function TableMessageRow({
  colSpan,
  tone = "muted",
  children,
}: {
  colSpan: number;
  tone?: "muted" | "error";
  children: React.ReactNode;
}) {
  return (
    <TableRow>
      <TableCell
        colSpan={colSpan}
        className={tone === "error" ? "py-8 text-center text-destructive" : "py-8 text-center text-muted-foreground"}
      >
        {children}
      </TableCell>
    </TableRow>
  );
}
