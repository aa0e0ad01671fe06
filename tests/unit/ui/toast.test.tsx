import { act, fireEvent, render, screen } from "@testing-library/react";
import { Toaster } from "@/components/ui/toaster";
import {
  ERROR_TOAST_DURATION_MS,
  isToastOpen,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  toast,
} from "@/components/ui/use-toast";

describe("toast", () => {
  it("uses the spec's limits", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second" });
      toast({ title: "Third", description: "Latest", variant: "destructive" });
    });
    expect(screen.queryByText("First")).not.toBeInTheDocument();
    expect(screen.queryByText("Second")).not.toBeInTheDocument();
    expect(screen.getByText("Third")).toBeInTheDocument();
    expect(screen.getByText("Latest")).toBeInTheDocument();
    expect(screen.getByText("Third").closest("[data-slot=toast]")).toHaveAttribute("data-variant", "destructive");
  });

  it("closes a dismissed toast", () => {
    render(<Toaster />);
    let handle: ReturnType<typeof toast>;
    act(() => {
      handle = toast({ title: "Going away" });
    });
    expect(screen.getByText("Going away")).toBeInTheDocument();
    act(() => handle.dismiss());
    expect(screen.queryByText("Going away")).not.toBeInTheDocument();
  });

  it("closes by itself after the default duration", () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "Timed" });
    });
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText("Timed")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByText("Timed")).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it("labels the region with the F8 hotkey", () => {
    render(<Toaster />);
    expect(screen.getByRole("region")).toHaveAttribute("aria-label", expect.stringContaining("F8"));
  });

  it("keeps a failure on screen longer than a confirmation", () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "Not saved", variant: "destructive" });
    });
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS + 100));
    expect(screen.getByText("Not saved")).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(ERROR_TOAST_DURATION_MS - TOAST_DURATION_MS));
    expect(screen.queryByText("Not saved")).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it("offers its action as a button that runs it and closes the toast", () => {
    const undo = jest.fn();
    render(<Toaster />);
    let handle: ReturnType<typeof toast>;
    act(() => {
      handle = toast({
        title: "Ticket resolved",
        action: { label: "Undo", altText: "Press z to undo", onClick: undo },
      });
    });
    expect(isToastOpen(handle!.id)).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(isToastOpen(handle!.id)).toBe(false);
    expect(screen.queryByText("Ticket resolved")).not.toBeInTheDocument();
  });
});
