import { Card, CardContent } from "./card";
import { LoadMoreButton } from "./load-more-button";
import { Table, TableBody, TableHeader, TableRow } from "./table";
import { TableMessageRow } from "./table-message-row";

type Pages = {
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  items: unknown[];
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * A searched, paged list as a table in a card: its rows, dimmed while another search loads, or
 * one row that says the list is loading, failed or found nothing; "Load more" below while the
 * server has further pages.
 */
export function PagedTable({
  pages,
  head,
  colSpan,
  loading,
  failed,
  empty,
  children,
}: {
  pages: Pages;
  /** The header cells. */
  head: React.ReactNode;
  colSpan: number;
  loading: string;
  failed: string;
  empty: string;
  children: React.ReactNode;
}) {
  return (
    <>
      <Card className="min-w-0 py-0">
        <CardContent className="px-0">
          <Table>
            <TableHeader>
              <TableRow>{head}</TableRow>
            </TableHeader>
            <TableBody
              aria-busy={pages.isPlaceholderData}
              className={pages.isPlaceholderData ? "opacity-60" : undefined}
            >
              {pages.isPending && <TableMessageRow colSpan={colSpan}>{loading}</TableMessageRow>}
              {pages.isError && (
                <TableMessageRow colSpan={colSpan} tone="error">
                  {failed}
                </TableMessageRow>
              )}
              {pages.isSuccess && pages.items.length === 0 && (
                <TableMessageRow colSpan={colSpan}>{empty}</TableMessageRow>
              )}
              {children}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <LoadMoreButton pages={pages} />
    </>
  );
}
