import { fireEvent, render, screen } from "@testing-library/react";
import { CustomRange, RangeSelect } from "@/components/tickets/range-filter";

// The list's custom range of dates (the Created and Updated filters' last choice): two labelled
// date boxes, each limited by the other so the range cannot end before it starts.
describe("a custom range", () => {
  it("sets either date, keeping the other bound as it stands", () => {
    const onChange = jest.fn();
    render(<CustomRange column="created" range={{ to: "-24h" }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Created from"), { target: { value: "2026-12-01" } });
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-12-01", to: "-24h" });
  });

  it("clears a date emptied", () => {
    const onChange = jest.fn();
    render(<CustomRange column="updated" range={{ from: "2026-12-01", to: "2026-12-05" }} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Updated to"), { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith({ from: "2026-12-01", to: undefined });
  });

  it("limits each box by the other's date, and shows only dates", () => {
    render(<CustomRange column="created" range={{ from: "2026-12-01", to: "-7d" }} onChange={() => {}} />);
    expect(screen.getByLabelText("Created from")).toHaveValue("2026-12-01");
    expect(screen.getByLabelText("Created from")).not.toHaveAttribute("max");
    expect(screen.getByLabelText("Created to")).toHaveValue("");
    expect(screen.getByLabelText("Created to")).toHaveAttribute("min", "2026-12-01");
  });
});

describe("the Created and Updated boxes", () => {
  it("name what they filter when closed", () => {
    render(
      <>
        <RangeSelect column="created" range={{ from: "-7d" }} custom={false} onChange={() => {}} onCustom={() => {}} />
        <RangeSelect column="updated" range={{}} custom={false} onChange={() => {}} onCustom={() => {}} />
      </>,
    );
    expect(screen.getByRole("combobox", { name: "Created filter" })).toHaveTextContent("Created in the last 7 days");
    expect(screen.getByRole("combobox", { name: "Updated filter" })).toHaveTextContent("Updated");
  });

  it("read a range of dates as a custom range", () => {
    render(
      <RangeSelect
        column="created"
        range={{ from: "2026-12-01", to: "2026-12-05" }}
        custom={false}
        onChange={() => {}}
        onCustom={() => {}}
      />,
    );
    expect(screen.getByRole("combobox", { name: "Created filter" })).toHaveTextContent(
      "Created 2026-12-01 to 2026-12-05",
    );
  });
});
