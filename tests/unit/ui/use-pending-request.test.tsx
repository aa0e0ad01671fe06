import { act, renderHook } from "@testing-library/react";
import { usePendingRequest } from "@/components/ui/use-pending-request";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/http/client/api";

jest.mock("@/components/ui/use-toast", () => ({ toast: jest.fn() }));

beforeEach(() => jest.mocked(toast).mockClear());

/** A request the test settles by hand, to see the pending state while it runs. */
function deferred() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe("usePendingRequest", () => {
  it("is pending while the request runs and stays so after a success, so a leaving form cannot send twice", async () => {
    const { result } = renderHook(() => usePendingRequest({ failure: "Login failed", fallback: "Try again" }));
    const request = deferred();
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => request.promise);
    });
    expect(result.current.pending).toBe(true);
    await act(async () => {
      request.resolve();
      await running;
    });
    expect(result.current.pending).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it("is ready again after a success when the form stays on screen", async () => {
    const { result } = renderHook(() => usePendingRequest({ failure: "Error", fallback: "Try again", stays: true }));
    await act(() => result.current.run(async () => {}));
    expect(result.current.pending).toBe(false);
  });

  it("shows a failure with the server's message and lets the person try again", async () => {
    const { result } = renderHook(() => usePendingRequest({ failure: "Login failed", fallback: "Try again" }));
    await act(() =>
      result.current.run(async () => {
        throw new ApiError(401, "unauthorized", "Invalid email or password", "401: ...");
      }),
    );
    expect(result.current.pending).toBe(false);
    expect(toast).toHaveBeenCalledWith({
      title: "Login failed",
      description: "Invalid email or password",
      variant: "destructive",
    });
  });
});
