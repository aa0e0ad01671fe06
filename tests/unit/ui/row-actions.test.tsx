import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DropdownMenuItem } from "@/components/ui/dropdown-menu";
import { PagedTableBody } from "@/components/ui/paged-table-body";
import { RowActionsHead, RowActionsMenu } from "@/components/ui/row-actions";
import { Table, TableCell, TableHeader, TableRow } from "@/components/ui/table";

const texts = { loading: "Loading rows...", failed: "Failed to load rows", empty: "No rows found" };
const idle = { isPending: false, isError: false, isSuccess: true, isPlaceholderData: false, items: [] as unknown[] };

function renderTable(pages: typeof idle, rows: React.ReactNode = null) {
  return render(
    <Table>
      <TableHeader>
        <TableRow>
          <RowActionsHead />
        </TableRow>
      </TableHeader>
      <PagedTableBody pages={pages} colSpan={3} {...texts}>
        {rows}
      </PagedTableBody>
    </Table>,
  );
}

describe("PagedTableBody", () => {
  it.each([
    [{ ...idle, isPending: true, isSuccess: false }, texts.loading],
    [{ ...idle, isError: true, isSuccess: false }, texts.failed],
    [idle, texts.empty],
  ])("says what the list is doing in one full-width row", (pages, text) => {
    renderTable(pages);
    expect(screen.getByRole("cell", { name: text })).toHaveAttribute("colspan", "3");
  });

  it("shows the rows, dimmed and busy while another search loads", () => {
    renderTable(
      { ...idle, isPlaceholderData: true, items: [1] },
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
});

describe("RowActionsMenu", () => {
  it("names the column and the row for screen readers and opens the row's actions", async () => {
    const onSelect = jest.fn();
    renderTable(
      { ...idle, items: [1] },
      <TableRow>
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
    expect(onSelect).toHaveBeenCalled();
  });
});
