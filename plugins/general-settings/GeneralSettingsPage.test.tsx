// The General Settings page as a manager uses it: every global key in its group with its unit and help, a
// number and a switch changed and saved as one set, read back with who changed it; a text that is not a number
// said beside its field and not sent; the gateway's field refusal beside its field; French throughout.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_DIALER_SETTINGS, readDialerSettings, saveDialerSettings, type DialerSettings } from "../../src/contract/dialer";
import { LINK_MESSAGE } from "../../src/contract/links";
import {
  DEFAULT_GLOBAL_SETTINGS,
  GLOBAL_SETTING_KEYS,
  listSettingsChanges,
  readChatNotices,
  readGlobalSettings,
  saveChatNotices,
  saveGlobalSettings,
  type ChatNoticeSettings,
  type GlobalSettings,
  type SettingsChange,
} from "../../src/contract/settings";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

// The dialer's link and the chat's webhook are checked with their endpoints' schemas (the gateway's rules) before
// they are sent: what the schemas refuse never reaches these routes.
function gatewayOf(put: (body: GlobalSettings) => FakeReply<typeof saveGlobalSettings> = () => ({ status: 204 })) {
  let stored: GlobalSettings = { ...DEFAULT_GLOBAL_SETTINGS };
  let change: SettingsChange[] = [];
  let chat: ChatNoticeSettings = { overstay_webhook_url: null };
  let dialer: DialerSettings = { "enforced-follow-ups": true, "dashboard-url": "https://crm.example.com/leads/{marketing_id}" };
  const gateway = fakeGateway([
    reply(readDialerSettings, () => ({ status: 200, data: dialer })),
    reply(saveDialerSettings, (req) => {
      dialer = req.body;
      return { status: 204 };
    }),
    reply(readChatNotices, () => ({ status: 200, data: chat })),
    reply(saveChatNotices, (req) => {
      chat = req.body;
      return { status: 204 };
    }),
    reply(readGlobalSettings, () => ({ status: 200, data: stored })),
    reply(saveGlobalSettings, (req) => {
      const answer = put(req.body);
      if ("status" in answer && answer.status === 204) {
        change = [{ subject: "globals", at: "2026-01-05T14:05:00.000Z", by: "Dana Whitfield", old: stored, new: req.body }];
        stored = req.body;
      }
      return answer;
    }),
    reply(listSettingsChanges, () => ({ status: 200, data: { changes: change } })),
  ]);
  return gateway;
}

async function mount(gateway: ReturnType<typeof fakeGateway>, language?: "fr") {
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, adminPage: "settings/globals", language });
  await screen.findByRole("heading", { level: 1, name: language === "fr" ? "Paramètres généraux" : "General Settings" });
  await screen.findAllByRole("textbox");
  return view;
}
const section = (name: string) => screen.getByRole("region", { name });

describe("the General Settings page", () => {
  it("shows every global key in its group, with its unit and what it does", async () => {
    await mount(gatewayOf());
    const followUps = section("Follow-ups and leads");
    expect(within(followUps).getByRole("textbox", { name: "Follow-up window (minutes)" })).toHaveValue("15");
    expect(within(followUps).getByRole("textbox", { name: "Stack rebuild (seconds)" })).toHaveValue("60");
    expect(within(followUps).getByRole("textbox", { name: "New leads threshold (leads)" })).toHaveAccessibleDescription(/New leads goal is full/);
    const forwarding = section("Auto-forward transfers");
    expect(within(forwarding).getByRole("checkbox", { name: "Forward internal transfers" })).not.toBeChecked();
    expect(within(forwarding).getByRole("checkbox", { name: "Forward external transfers" })).not.toBeChecked();
    expect(within(forwarding).getByRole("textbox", { name: "Internal transfer delay (seconds)" })).toHaveValue("30");
    const autoReady = section("Auto-ready");
    expect(within(autoReady).getByRole("textbox", { name: "After-call work (seconds)" })).toHaveValue("120");
    expect(within(autoReady).getByRole("textbox", { name: "Coaching (seconds)" })).toHaveValue("1800");
    // Every key of the contract has its field: 9 numbers and 2 switches (and, apart, the chat's webhook and the
    // dialer's switch and link, other documents).
    const groups = [followUps, forwarding, autoReady];
    expect(groups.flatMap((g) => within(g).queryAllByRole("textbox"))).toHaveLength(GLOBAL_SETTING_KEYS.length - 2);
    expect(groups.flatMap((g) => within(g).queryAllByRole("checkbox"))).toHaveLength(2);
    expect(screen.getByText(/No changes recorded yet|Never changed/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("saves a changed number and a switch as the whole set (switches 0/1), and reads back who changed it", async () => {
    const gateway = gatewayOf();
    const m = await mount(gateway);
    const window = screen.getByRole("textbox", { name: "Follow-up window (minutes)" });
    await m.user.clear(window);
    await m.user.type(window, "20");
    await m.user.click(screen.getByRole("checkbox", { name: "Forward internal transfers" }));
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    const put = gateway.requests.find((r) => r.method === "PUT");
    expect(put?.body).toEqual({ ...DEFAULT_GLOBAL_SETTINGS, "follow-up-window": 20, "auto-forward-transfers:internal-enabled": 1 });
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Changes applied successfully." });
    expect(await screen.findByText(/Last changed by Dana Whitfield/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Follow-up window (minutes)" })).toHaveValue("20");
    expect(screen.getByRole("checkbox", { name: "Forward internal transfers" })).toBeChecked();
  });

  it("says beside a field that its text is not a number, and sends nothing", async () => {
    const gateway = gatewayOf();
    const m = await mount(gateway);
    await m.user.type(screen.getByRole("textbox", { name: "Meeting (seconds)" }), "x");
    const stack = screen.getByRole("textbox", { name: "Stack rebuild (seconds)" });
    await m.user.clear(stack);
    await m.user.type(stack, "90");
    expect(screen.getByRole("textbox", { name: "Meeting (seconds)" })).toHaveAccessibleDescription(/Enter a whole number, 0 or more\./);
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    expect(gateway.requests.filter((r) => r.method === "PUT")).toHaveLength(0);
  });

  it("shows the gateway's refusal of a field beside that field", async () => {
    const message = "Too large";
    const m = await mount(gatewayOf(() => ({ status: 422, data: { message, errors: { "stack-rebuild": [message] } } })));
    const stack = screen.getByRole("textbox", { name: "Stack rebuild (seconds)" });
    await m.user.clear(stack);
    await m.user.type(stack, "99999");
    await m.user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText(message, { selector: ".general-settings__error *, .general-settings__error" });
    expect(screen.getByRole("textbox", { name: "Stack rebuild (seconds)" })).toHaveAccessibleDescription(/^Too large/);
    expect(screen.getByRole("textbox", { name: "Stack rebuild (seconds)" })).toHaveAttribute("aria-invalid", "true");
    expect(m.notify.shown).toContainEqual({ intent: "error", text: message });
  });

  it("speaks French to a French-speaking manager", async () => {
    await mount(gatewayOf(), "fr");
    expect(section("Suivis et prospects")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Fenêtre de suivi (minutes)" })).toHaveValue("15");
    expect(screen.getByRole("checkbox", { name: "Renvoyer les transferts internes" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Accompagnement (secondes)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  });

  it("sends overstay notices to a chat: the webhook is saved on its own, an address that is not https is refused beside it", async () => {
    const gateway = gatewayOf();
    const { user, notify } = await mount(gateway);
    const chat = section("Overstay notices to a chat");
    const field = within(chat).getByRole("textbox", { name: "Chat webhook address" });
    const save = within(chat).getByRole("button", { name: "Save webhook" });
    expect(field).toHaveValue("");
    expect(save).toBeDisabled();
    await user.type(field, "http://hooks.example.com/x");
    await user.click(save);
    expect(await within(chat).findByText("The webhook address must start with https://")).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "https://hooks.example.com/services/T0/B0/x");
    await user.click(save);
    await waitFor(() => expect(notify.shown.map((n) => n.intent)).toContain("success"));
    const puts = gateway.requests.filter((r) => r.method === "PUT" && r.url === "/settings/chat-notices");
    expect(puts.at(-1)!.body).toEqual({ overstay_webhook_url: "https://hooks.example.com/services/T0/B0/x" });
    // The page's own set was not sent with it.
    expect(gateway.requests.some((r) => r.method === "PUT" && r.url === "/settings/globals")).toBe(false);
  });

  it("speaks French on the chat's section too", async () => {
    await mount(gatewayOf(), "fr");
    const chat = section("Dépassements envoyés à une messagerie");
    expect(within(chat).getByRole("textbox", { name: "Adresse du webhook de la messagerie" })).toBeInTheDocument();
    expect(within(chat).getByRole("button", { name: "Enregistrer le webhook" })).toBeInTheDocument();
  });

  it("shows the dialer's settings: enforced follow-ups and the dashboard link, with what each does", async () => {
    await mount(gatewayOf());
    const dialer = section("Dialer");
    const enforced = within(dialer).getByRole("checkbox", { name: "Enforced follow-ups" });
    expect(enforced).toBeChecked();
    expect(enforced).toHaveAccessibleDescription(/overdue follow-ups is given only those/);
    const link = within(dialer).getByRole("textbox", { name: "Dashboard link" });
    expect(link).toHaveValue("https://crm.example.com/leads/{marketing_id}");
    expect(link).toHaveAccessibleDescription(/\{id\}, \{marketing_id\} and \{crm_id\} are replaced .* for example https:\/\/crm\.example\.com\/leads\/\{id\}/);
    expect(within(dialer).getByRole("button", { name: "Save dialer settings" })).toBeDisabled();
  });

  it("saves the dialer's settings on their own, and shows the refusal of a link by the gateway's rule beside it", async () => {
    const gateway = gatewayOf();
    const { user, notify } = await mount(gateway);
    const dialer = section("Dialer");
    const link = within(dialer).getByRole("textbox", { name: "Dashboard link" });
    const save = within(dialer).getByRole("button", { name: "Save dialer settings" });
    await user.click(within(dialer).getByRole("checkbox", { name: "Enforced follow-ups" }));
    await user.clear(link);
    await user.type(link, "javascript:alert(1)");
    await user.click(save);
    expect(await within(dialer).findByText(LINK_MESSAGE)).toBeInTheDocument();
    expect(link).toHaveAttribute("aria-invalid", "true");
    expect(link).toHaveAccessibleDescription(new RegExp(`^${LINK_MESSAGE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(notify.shown).toContainEqual({ intent: "error", text: LINK_MESSAGE });

    await user.clear(link);
    // Pasted with a space around it: the link is kept without it.
    // ({{ types one brace: user-event reads {…} as a key name.)
    await user.type(link, " https://dashboard.example.com/leads/{{id}?crm={{crm_id} ");
    await user.click(save);
    await waitFor(() => expect(notify.shown.map((n) => n.intent)).toContain("success"));
    const puts = gateway.requests.filter((r) => r.method === "PUT" && r.url === "/settings/dialer");
    expect(puts.at(-1)!.body).toEqual({ "enforced-follow-ups": false, "dashboard-url": "https://dashboard.example.com/leads/{id}?crm={crm_id}" });
    await waitFor(() => expect(within(dialer).queryByText(LINK_MESSAGE)).not.toBeInTheDocument());
    expect(within(dialer).getByRole("checkbox", { name: "Enforced follow-ups" })).not.toBeChecked();
    expect(within(dialer).getByRole("button", { name: "Save dialer settings" })).toBeDisabled();
    // Neither the page's set nor the chat's webhook was sent with it.
    expect(gateway.requests.some((r) => r.method === "PUT" && r.url !== "/settings/dialer")).toBe(false);

    // Emptied: no link. (The refused link was never sent: two saves went out before this one.)
    await user.clear(link);
    await user.click(save);
    await waitFor(() => expect(gateway.requests.filter((r) => r.method === "PUT" && r.url === "/settings/dialer")).toHaveLength(2));
    expect(gateway.requests.filter((r) => r.method === "PUT").at(-1)!.body).toEqual({ ...DEFAULT_DIALER_SETTINGS });
  });

  it("speaks French on the dialer's section too", async () => {
    await mount(gatewayOf(), "fr");
    const dialer = section("Composeur");
    expect(within(dialer).getByRole("checkbox", { name: "Suivis imposés" })).toHaveAccessibleDescription(/suivis en retard ne reçoit que ceux-ci/);
    expect(within(dialer).getByRole("textbox", { name: "Lien vers le tableau de bord" })).toHaveAccessibleDescription(
      /\{id\}, \{marketing_id\} et \{crm_id\} sont remplacés/,
    );
    expect(within(dialer).getByRole("button", { name: "Enregistrer les réglages du composeur" })).toBeDisabled();
  });
});
