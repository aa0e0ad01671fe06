import { TableBody } from "./table";
import { TableMessageRow } from "./table-message-row";

type Pages = { isPending: boolean; isError: boolean; isSuccess: boolean; isPlaceholderData: boolean; items: unknown[] };

/**
 * The body of a searched, paged table: its rows, dimmed while another search loads, or one row
 * that says the list is loading, failed or found nothing.
 */
export function PagedTableBody({
  pages,
  colSpan,
  loading,
  failed,
  empty,
  children,
}: {
  pages: Pages;
  colSpan: number;
  loading: string;
  failed: string;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <TableBody aria-busy={pages.isPlaceholderData} className={pages.isPlaceholderData ? "opacity-60" : undefined}>
      {pages.isPending && <TableMessageRow colSpan={colSpan}>{loading}</TableMessageRow>}
      {pages.isError && (
        <TableMessageRow colSpan={colSpan} tone="error">
          {failed}
        </TableMessageRow>
      )}
      {pages.isSuccess && pages.items.length === 0 && <TableMessageRow colSpan={colSpan}>{empty}</TableMessageRow>}
      {children}
    </TableBody>
  );
}
