import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { PagedTable } from "@/components/ui/paged-table";
import { RowActionsHead, RowActionsMenu } from "@/components/ui/row-actions";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";

const texts = { loading: "Loading rows...", failed: "Failed to load rows", empty: "No rows found" };
const loaded = {
  isPending: false,
  isError: false,
  isSuccess: true,
  isPlaceholderData: false,
  items: [] as unknown[],
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: jest.fn(),
};

function renderTable(pages: typeof loaded, rows: React.ReactNode = null) {
  const head = (
    <>
      <TableHead>Name</TableHead>
      <RowActionsHead />
    </>
  );
  return render(
    <PagedTable pages={pages} head={head} colSpan={2} {...texts}>
      {rows}
    </PagedTable>,
  );
}

describe("PagedTable", () => {
  it.each([
    [{ ...loaded, isPending: true, isSuccess: false }, texts.loading],
    [{ ...loaded, isError: true, isSuccess: false }, texts.failed],
    [loaded, texts.empty],
  ])("says what the list is doing in one full-width row", (pages, text) => {
    renderTable(pages);
    expect(screen.getByRole("cell", { name: text })).toHaveAttribute("colspan", "2");
    expect(screen.getByRole("columnheader", { name: "Name" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("shows the rows, dimmed and busy while another search loads", () => {
    renderTable(
      { ...loaded, isPlaceholderData: true, items: [1] },
      <TableRow>
        <TableCell>Acme</TableCell>
      </TableRow>,
    );
    expect(screen.getByRole("cell", { name: "Acme" })).toBeInTheDocument();
    expect(screen.queryByText(texts.empty)).not.toBeInTheDocument();
    const body = screen.getAllByRole("rowgroup")[1]!;
    expect(body).toHaveAttribute("aria-busy", "true");
    expect(body).toHaveClass("opacity-60");
  });

  it("loads the next page on request while the server has one", async () => {
    const fetchNextPage = jest.fn();
    renderTable({ ...loaded, items: [1], hasNextPage: true, fetchNextPage });
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});

describe("RowActionsMenu", () => {
  it("names the column and the row for screen readers and opens the row's actions", async () => {
    const onSelect = jest.fn();
    renderTable(
      { ...loaded, items: [1] },
      <TableRow>
        <TableCell>Acme</TableCell>
        <TableCell>
          <RowActionsMenu label="Acme">
            <DropdownMenuItem onSelect={onSelect}>Change plan</DropdownMenuItem>
          </RowActionsMenu>
        </TableCell>
      </TableRow>,
    );
    expect(screen.getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Actions for Acme" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Change plan" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });
});
