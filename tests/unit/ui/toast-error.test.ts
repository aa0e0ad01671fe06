import { toastError } from "@/components/ui/toast-error";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/http/client/api";

jest.mock("@/components/ui/use-toast", () => ({ toast: jest.fn() }));

beforeEach(() => jest.mocked(toast).mockClear());

describe("toastError", () => {
  it("shows the server's own message in a destructive toast", () => {
    toastError("Update failed", new ApiError(409, "conflict", "Email already in use", "409: ..."), "Please try again");
    expect(toast).toHaveBeenCalledWith({
      title: "Update failed",
      description: "Email already in use",
      variant: "destructive",
    });
  });

  it.each([
    ["an ApiError without text", new ApiError(500, "internal", "", "500: ")],
    ["something that is not an error", "boom"],
  ])("falls back for %s", (_, error) => {
    toastError("Error", error, "Please try again later");
    expect(toast).toHaveBeenCalledWith({
      title: "Error",
      description: "Please try again later",
      variant: "destructive",
    });
  });
});
