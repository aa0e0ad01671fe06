import { act, fireEvent, render, screen } from "@testing-library/react";
import { Sidebar, SidebarContent, SidebarProvider, SidebarTrigger } from "@/components/ui/sidebar";
import { SIDEBAR_COOKIE_MAX_AGE_S } from "@/components/ui/sidebar-constants";
import { TooltipProvider } from "@/components/ui/tooltip";

function renderSidebar(defaultOpen?: boolean) {
  return render(
    <TooltipProvider>
      <SidebarProvider defaultOpen={defaultOpen}>
        <Sidebar>
          <SidebarContent>Queues</SidebarContent>
        </Sidebar>
        <SidebarTrigger />
      </SidebarProvider>
    </TooltipProvider>,
  );
}

const sidebarState = (container: HTMLElement) =>
  container.querySelector("[data-slot=sidebar]")?.getAttribute("data-state");

describe("sidebar", () => {
  let cookieWrites: string[];
  beforeEach(() => {
    cookieWrites = [];
    jest.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      cookieWrites.push(value);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it("toggles with the trigger and remembers the state in the sidebar_state cookie for 7 days", () => {
    const { container } = renderSidebar();
    expect(sidebarState(container)).toBe("expanded");

    fireEvent.click(screen.getByRole("button", { name: "Toggle Sidebar" }));
    expect(sidebarState(container)).toBe("collapsed");
    expect(cookieWrites.at(-1)).toBe(`sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_S}; samesite=lax`);
    expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(604800);

    fireEvent.click(screen.getByRole("button", { name: "Toggle Sidebar" }));
    expect(sidebarState(container)).toBe("expanded");
    expect(cookieWrites.at(-1)).toMatch(/^sidebar_state=true;/);
  });

  it("toggles with Ctrl+B and Cmd+B", () => {
    const { container } = renderSidebar();
    fireEvent.keyDown(window, { key: "b", ctrlKey: true });
    expect(sidebarState(container)).toBe("collapsed");
    fireEvent.keyDown(window, { key: "b", metaKey: true });
    expect(sidebarState(container)).toBe("expanded");
    fireEvent.keyDown(window, { key: "b" });
    expect(sidebarState(container)).toBe("expanded");
  });

  it("starts collapsed when the cookie said so", () => {
    const { container } = renderSidebar(false);
    expect(sidebarState(container)).toBe("collapsed");
  });

  it("is a slide-in sheet under 768 px", () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === "(max-width: 767px)",
    })) as typeof window.matchMedia;
    try {
      renderSidebar();
      expect(screen.queryByText("Queues")).not.toBeInTheDocument();
      act(() => {
        fireEvent.click(screen.getByRole("button", { name: "Toggle Sidebar" }));
      });
      expect(screen.getByRole("dialog")).toHaveTextContent("Queues");
      expect(cookieWrites).toEqual([]);
    } finally {
      window.matchMedia = original;
    }
  });
});
