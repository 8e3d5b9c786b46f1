// The 'Send New Notification' page as a manager uses it: its defaults, the form's messages (checked again on
// submit, nothing sent while invalid), the timeout only while it expires, the Idempotency-Key of a submission
// and of its retry, the gateway's refusals as notices, and a fresh form after sending.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createNotification } from "../../src/contract/notifications";
import { fakeGateway, renderPlugin, reply, type FakeReply } from "../../src/sdk/testing";
import plugin from "./index";

type Answer = FakeReply<typeof createNotification>;
async function mount(answer: () => Answer = () => ({ status: 201, data: { data: { id: 7, recipients: 9 } } }), language?: "fr") {
  const gateway = fakeGateway([reply(createNotification, answer)]);
  const view = await renderPlugin(plugin, { gateway, agent: { roles: ["manager"] }, language, adminPage: "notifications/create" });
  await screen.findByRole("heading", { name: /Send New Notification|Envoyer une nouvelle notification/ });
  return { ...view, gateway, posts: () => gateway.requests.filter((r) => r.method === "POST") };
}
const message = () => screen.getByRole("textbox", { name: /^Message/ });
const send = () => screen.getByRole("button", { name: "Send" });

describe("the notification sender", () => {
  it("starts with dismissible, expires and team members only ticked, no type and a timeout of 1", async () => {
    await mount();
    expect(screen.getByRole("checkbox", { name: "Dismissible" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Expires" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Team members only" })).toBeChecked();
    for (const type of ["Success", "Warning", "Error"]) expect(screen.getByRole("radio", { name: type })).not.toBeChecked();
    expect(screen.getByRole("textbox", { name: "Timeout (seconds)" })).toHaveValue("1");
  });

  it("shows the form's messages on submit and sends nothing while the form is invalid", async () => {
    const m = await mount();
    await m.user.click(send());
    expect(await screen.findByText("Message is required")).toBeInTheDocument();
    expect(screen.getByText("Type is required")).toBeInTheDocument();
    await m.user.type(message(), "   too short ");
    await m.user.click(send());
    expect(await screen.findByText("too short")).toBeInTheDocument();
    await m.user.clear(message());
    await m.user.click(message());
    await m.user.paste("x".repeat(101));
    await m.user.click(send());
    expect(await screen.findByText("too long")).toBeInTheDocument();
    const timeout = screen.getByRole("textbox", { name: "Timeout (seconds)" });
    await m.user.clear(timeout);
    await m.user.click(send());
    expect(await screen.findByText("Timeout is required")).toBeInTheDocument();
    await m.user.type(timeout, "0");
    await m.user.click(send());
    expect(await screen.findByText("Timeout must be at least 1")).toBeInTheDocument();
    expect(m.posts()).toEqual([]);
  });

  it("asks for the timeout only while it expires, and sends the trimmed message with a key, then starts again", async () => {
    const m = await mount();
    await m.user.click(screen.getByRole("checkbox", { name: "Expires" }));
    expect(screen.queryByRole("textbox", { name: "Timeout (seconds)" })).not.toBeInTheDocument();
    await m.user.click(screen.getByRole("checkbox", { name: "Team members only" }));
    await m.user.type(message(), "  Team meeting at 3 pm in room B  ");
    await m.user.click(screen.getByRole("radio", { name: "Warning" }));
    await m.user.click(send());
    expect(m.posts().map((r) => r.body)).toEqual([
      { message: "Team meeting at 3 pm in room B", type: "warning", dismissible: true, expires: false, timeout: null, teamMembersOnly: false },
    ]);
    expect(m.posts()[0]!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(m.notify.shown).toContainEqual({ intent: "success", text: "Notification sent to 9 agents." });
    expect(await screen.findByRole("textbox", { name: "Timeout (seconds)" })).toHaveValue("1");
    expect(message()).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Warning" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Team members only" })).toBeChecked();
  });

  it("shows the first of errors.message and the other field errors as notices; a retry of the same submission keeps its key", async () => {
    let answer: Answer = { status: 422, data: { message: "The given data was invalid.", errors: { message: ["too short", "other"], timeout: ["timeout too low"] } } };
    const m = await mount(() => answer);
    await m.user.type(message(), "Lunch is served downstairs");
    await m.user.click(screen.getByRole("radio", { name: "Success" }));
    await m.user.click(send());
    expect(m.notify.shown).toEqual([
      { intent: "error", text: "too short" },
      { intent: "error", text: "Timeout must be at least 1" },
    ]);
    // A refusal ends the submission: pressing Send again is a new one, with a new key.
    answer = { status: 403, data: { message: "This action is unauthorized." } };
    await m.user.click(send());
    expect(m.notify.shown.at(-1)).toEqual({ intent: "error", text: "This action is unauthorized." });
    const [first, second] = m.posts();
    expect(second!.headers["idempotency-key"]).not.toBe(first!.headers["idempotency-key"]);

    // The gateway does not answer, even after the automatic retries: Send again is a retry, with the same key.
    answer = { status: 503, data: { message: "Service Unavailable" } };
    await m.user.click(send());
    for (const [i, ms] of [1000, 2000, 4000].entries()) {
      await waitFor(() => expect(m.posts()).toHaveLength(3 + i));
      await m.advance(ms);
    }
    await waitFor(() =>
      expect(m.notify.shown.at(-1)).toEqual({ intent: "error", text: "The notification could not be sent. Please try again." }),
    );
    answer = { status: 201, data: { data: { id: 8, recipients: 1 } } };
    await m.user.click(send());
    expect(m.notify.shown.at(-1)).toEqual({ intent: "success", text: "Notification sent to 1 agent." });
    const keys = m.posts().slice(2).map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).not.toBe(second!.headers["idempotency-key"]);
  });

  it("is in French for a French-speaking manager", async () => {
    const m = await mount(undefined, "fr");
    await m.user.click(screen.getByRole("button", { name: "Envoyer" }));
    expect(await screen.findByText("Le message est obligatoire")).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Membres de l'équipe seulement" })).toBeChecked();
  });
});
