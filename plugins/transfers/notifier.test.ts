// The browser's desktop notifications: asked once, never throwing, and a click brings the window forward.
import { describe, expect, it, vi } from "vitest";
import { browserNotifier, type NotificationConstructor, type NotifierScope } from "./notifier";

type Permission = "default" | "granted" | "denied";

function fakeNotification(initial: Permission, answer: Permission = "granted") {
  const shown: {
    title: string;
    options?: { body?: string; tag?: string };
    closed: boolean;
    click(): void;
  }[] = [];
  const N = class {
    static permission: Permission = initial;
    static requestPermission = vi.fn(async () => {
      N.permission = answer;
      return answer;
    });
    onclick: (() => unknown) | null = null;
    constructor(title: string, options?: { body?: string; tag?: string }) {
      const self = { title, options, closed: false, click: () => this.onclick?.() };
      shown.push(self);
      this.close = () => void (self.closed = true);
    }
    close: () => void = () => {};
  };
  return {
    N: N as unknown as NotificationConstructor & { requestPermission: ReturnType<typeof vi.fn> },
    shown,
  };
}

const note = (onClick = () => {}) => ({
  title: "Live transfer waiting",
  body: "Jordan Miles",
  tag: "live-transfer-5",
  onClick,
});

describe("desktop notifications", () => {
  it("ask the agent once, then show; a click focuses the window, closes it and runs the caller's", async () => {
    const { N, shown } = fakeNotification("default");
    const focus = vi.fn();
    const onClick = vi.fn();
    const notifier = browserNotifier({ Notification: N, focus });
    const handle = await notifier.show(note(onClick));
    expect(handle).not.toBeNull();
    expect(N.requestPermission).toHaveBeenCalledTimes(1);
    expect(shown[0]).toMatchObject({
      title: "Live transfer waiting",
      options: { body: "Jordan Miles", tag: "live-transfer-5" },
    });
    shown[0]!.click();
    expect(focus).toHaveBeenCalled();
    expect(onClick).toHaveBeenCalled();
    expect(shown[0]!.closed).toBe(true);
    await notifier.show(note());
    expect(N.requestPermission).toHaveBeenCalledTimes(1);
  });

  it("ask once only, even when the agent dismisses the question", async () => {
    const { N, shown } = fakeNotification("default", "default");
    const notifier = browserNotifier({ Notification: N });
    expect(await notifier.show(note())).toBeNull();
    expect(await notifier.show(note())).toBeNull();
    expect(N.requestPermission).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([]);
  });

  it("show nothing and throw nothing when denied, unsupported or failing", async () => {
    const denied = fakeNotification("denied");
    expect(await browserNotifier({ Notification: denied.N }).show(note())).toBeNull();
    expect(denied.N.requestPermission).not.toHaveBeenCalled();
    expect(await browserNotifier({} as NotifierScope).show(note())).toBeNull();
    const broken = class {
      static permission = "granted";
      static requestPermission() {}
      constructor() {
        throw new TypeError("Illegal constructor");
      }
    } as unknown as NotificationConstructor;
    expect(await browserNotifier({ Notification: broken }).show(note())).toBeNull();
    const refusing = fakeNotification("default");
    refusing.N.requestPermission.mockImplementation(() => {
      throw new Error("not allowed");
    });
    expect(await browserNotifier({ Notification: refusing.N }).show(note())).toBeNull();
  });
});
