import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createToastNotifier } from "./notifier";

describe("toasts", () => {
  it("shows success and error texts as Blueprint toasts, once per identical message", async () => {
    const notifier = createToastNotifier();
    // The toaster renders into its own React root, created asynchronously.
    await act(async () => {
      notifier.success("Logged in Successfully.");
      notifier.error("Your session expired, please re-login");
      notifier.error("Your session expired, please re-login");
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(await screen.findByText("Logged in Successfully.")).toBeInTheDocument();
    expect(await screen.findAllByText("Your session expired, please re-login")).toHaveLength(1);
    expect(screen.getByText("Logged in Successfully.").closest(".bp6-toast")).toHaveClass(
      "bp6-intent-success",
    );
  });
});
