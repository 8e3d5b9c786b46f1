// Dispositions the gateway stores itself (a completed live or internal transfer): the panel closes the lead as
// after a save, announces it once, and sends nothing; and a transfer's preset that no longer holds (a live
// transfer accepted, then lost) leaves the form to the agent again.
import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DispositionsStore } from "./model";
import { CALL, form, LEAD, mount } from "./test/mount";

describe("a disposition the gateway recorded", () => {
  it("closes the lead as a save would, announces it once however often it is told, and posts nothing", async () => {
    const r = await mount({ leads: [{ id: 30 }, {}] });
    await form();
    act(() => r.api.preset(LEAD, { disposition: "Live_Transfer", locked: true }));

    act(() => r.api.recorded(LEAD, "Live_Transfer"));
    act(() => r.api.recorded(LEAD, "Live_Transfer")); // a repeated snapshot

    expect(r.leads.control.disposed).toHaveBeenCalledTimes(1);
    expect(r.leads.control.disposed).toHaveBeenCalledWith(LEAD, "Live_Transfer");
    expect(r.leads.control.leadIds).toEqual([30]);
    expect(r.announced).toEqual([{ leadId: LEAD, disposition: "Live_Transfer", rescheduled: false }]);
    const store = r.store as DispositionsStore;
    expect(store.done).toEqual([`${LEAD}:${CALL}`]);
    expect(store.drafts.has(String(LEAD))).toBe(false);
    expect(r.gateway.requests.filter((q) => q.method === "POST")).toEqual([]);
    // The remaining lead is the one the panel shows now.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Disposition" })).toHaveValue(""));
  });

  it("does nothing for a lead whose call the agent already disposed", async () => {
    const r = await mount();
    await r.user.selectOptions(await form(), "Do Not Call");
    await r.user.click(screen.getByRole("button", { name: "Save & Stop" }));
    await waitFor(() => expect(r.announced).toHaveLength(1));

    act(() => r.api.recorded(LEAD, "Live_Transfer"));
    expect(r.announced).toHaveLength(1);
    expect(r.leads.control.disposed).toHaveBeenCalledTimes(1);
  });
});

describe("a preset that no longer holds", () => {
  it("is cleared, and the agent chooses the disposition again", async () => {
    const r = await mount();
    await form();
    act(() => r.api.preset(LEAD, { disposition: "Live_Transfer", locked: true }));
    expect(screen.getByRole("combobox", { name: "Disposition" })).toBeDisabled();

    act(() => r.api.clearPreset(LEAD, "Sent External")); // not the lead's preset: nothing changes
    expect(screen.getByRole("combobox", { name: "Disposition" })).toHaveValue("Live_Transfer");

    act(() => r.api.clearPreset(LEAD, "Live_Transfer"));
    const select = screen.getByRole("combobox", { name: "Disposition" });
    expect(select).toHaveValue("");
    expect(select).toBeEnabled();
    expect(screen.queryByRole("option", { name: "Live Transfer" })).toBeNull();
  });
});
