import { getSnapshot } from "mobx-state-tree";
import { describe, expect, it } from "vitest";
import { loginResponse } from "../test/fixtures";
import { PREFERENCES_KEY, SESSION_KEY, createRootStore } from "./root";
import { memoryStorage } from "./storage";

describe("root store persistence", () => {
  it("keeps the signed-in account (token and acl) across a reload", () => {
    const storage = memoryStorage();
    const before = createRootStore({ storage });
    before.account.signIn(
      loginResponse({ deactivated: "1", roles: ["manager"], permissions: ["has_auto_ready"] }),
    );
    before.account.setAccessToken("rotated");

    const after = createRootStore({ storage });
    expect(after.account.signedIn).toBe(true);
    expect(after.account.accessToken).toBe("rotated");
    expect(after.account.acl?.roles).toEqual(["manager"]);
    expect(after.account.acl?.permissions).toEqual(["has_auto_ready"]);
    expect(after.account.deactivated).toBe(true);
    expect(getSnapshot(after.account.user)).toEqual({
      id: 42,
      tenantId: 1,
      email: "dana.reyes@example.com",
      firstName: "Dana",
      lastName: "Reyes",
    });
    expect(getSnapshot(after.account)).toEqual(getSnapshot(before.account));
  });

  it("maps the wire's account onto the account state, and keeps the fields it does not model for plugins", () => {
    const root = createRootStore({ storage: memoryStorage() });
    root.account.signIn(loginResponse());
    expect(getSnapshot(root.account)).toMatchObject({
      id: 42,
      tenantId: 1,
      deactivated: false,
      inboundOnly: false,
      extension: "2042",
      hasWebRtc: true,
      autoAnswer: false,
      autoAnswerTime: 3,
      loggedIn: true,
      loggingIn: false,
      tokens: { accessToken: "token-1" },
    });
    // By their wire names, as the plugins' schemas declare them (defineAgentFlags); nothing the core models.
    expect(root.account.accountFields).toEqual({
      can_transfer_to_sunlife: false,
      is_iapp2_agent: false,
      can_transfer_to_matcha: true,
      health_licenses: ["TX"],
    });
  });

  it("starts signed out from a session stored before the account kept its other fields", () => {
    const storage = memoryStorage();
    createRootStore({ storage }).account.signIn(loginResponse());
    const { accountFields, ...older } = JSON.parse(storage.getItem(SESSION_KEY)!);
    expect(accountFields).toMatchObject({ can_transfer_to_matcha: true });
    storage.setItem(SESSION_KEY, JSON.stringify(older));
    expect(createRootStore({ storage }).account.signedIn).toBe(false);
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it("never stores a sign-in in progress", () => {
    const storage = memoryStorage();
    const root = createRootStore({ storage });
    root.account.signIn(loginResponse());
    root.account.setLoggingIn(true);
    expect(JSON.parse(storage.getItem(SESSION_KEY)!).loggingIn).toBe(false);
    expect(createRootStore({ storage }).account.loggingIn).toBe(false);
  });

  it("forgets the session on sign-out", () => {
    const storage = memoryStorage();
    const root = createRootStore({ storage });
    root.account.signIn(loginResponse());
    root.account.signOut();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
    expect(createRootStore({ storage }).account.signedIn).toBe(false);
  });

  it("starts signed out from a damaged session", () => {
    const storage = memoryStorage({ [SESSION_KEY]: "{not json" });
    expect(createRootStore({ storage }).account.signedIn).toBe(false);
    const wrongShape = memoryStorage({ [SESSION_KEY]: JSON.stringify({ acl: "admin" }) });
    expect(createRootStore({ storage: wrongShape }).account.signedIn).toBe(false);
    expect(wrongShape.getItem(SESSION_KEY)).toBeNull();
  });

  it("keeps the UI language in isi-dialer as user.language, defaulting to en", () => {
    const storage = memoryStorage();
    const root = createRootStore({ storage });
    expect(root.ui.language).toBe("en");
    root.ui.setLanguage("es");
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({ user: { language: "es" } });
    expect(createRootStore({ storage }).ui.language).toBe("es");
  });

  it("leaves other preferences in isi-dialer alone and survives a bad one", () => {
    const storage = memoryStorage({
      [PREFERENCES_KEY]: JSON.stringify({ layout: { v: 1 }, user: { language: "fr" } }),
    });
    const root = createRootStore({ storage });
    expect(root.ui.language).toBe("fr");
    root.ui.setLanguage("en");
    expect(JSON.parse(storage.getItem(PREFERENCES_KEY)!)).toEqual({
      layout: { v: 1 },
      user: { language: "en" },
    });
    expect(
      createRootStore({ storage: memoryStorage({ [PREFERENCES_KEY]: '{"user":{"language":"de"}}' }) }).ui
        .language,
    ).toBe("en");
  });
});
