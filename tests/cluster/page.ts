// The agent's page in Chromium, through the proxy, as the agent keeps it open all shift: signed in with the
// login form, and read as the agent reads it (the status button, the time in that status, the current lead).
// The cluster tier watches it while the instance that drives the PBX dies under it.
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";

/** What the agent sees of its call at one moment. */
export interface PageView {
  /** The status button's text ("On a Call"), or null when it is not on the page (the login form, a blank page). */
  status: string | null;
  /** Seconds in that status, by the timer beside the button. */
  seconds: number | null;
  /** The lead's name, as the Current lead panel heads it. */
  lead: string | null;
  /** The page shows the login form: its session ended. */
  signedOut: boolean;
}

export class AgentPage {
  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  static async signIn(
    browser: Browser,
    baseURL: string,
    email: string,
    password: string,
  ): Promise<AgentPage> {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await page.goto("/auth/login");
    const form = page.getByRole("form", { name: "Login form" });
    await form.getByLabel("Login").fill(email);
    await form.getByLabel("Password").fill(password);
    await form.getByRole("button", { name: "Login" }).click();
    await page.getByRole("button", { name: /^Status: / }).waitFor({ timeout: 30_000 });
    return new AgentPage(context, page);
  }

  /** Waits until the status button reads `status`. */
  async until(status: string, ms = 20_000): Promise<void> {
    await this.page
      .getByRole("button", { name: /^Status: / })
      .filter({ hasText: status })
      .waitFor({ timeout: ms });
  }

  /** Reloads the page (F5) and waits until it shows the status `status` again; resolves with how long it took. */
  async reload(status: string, ms = 30_000): Promise<number> {
    const started = Date.now();
    // A reload mid-call asks "Leave site?" first: the agent says yes.
    this.page.once("dialog", (d) => void d.accept());
    await this.page.reload();
    await this.until(status, ms);
    return Date.now() - started;
  }

  /** What the page shows once its Current lead panel names the lead (it fills in a moment after the status). */
  async withLead(ms = 15_000): Promise<PageView> {
    const started = Date.now();
    let v = await this.view();
    while (v.lead === null && Date.now() - started < ms) {
      await new Promise((r) => setTimeout(r, 200));
      v = await this.view();
    }
    return v;
  }

  /** What the page shows now; a part briefly absent reads as null rather than waiting (polled every 200 ms). */
  async view(): Promise<PageView> {
    const read = (l: Locator) =>
      l.textContent({ timeout: 300 }).then(
        (t) => t?.trim() ?? null,
        () => null,
      );
    const p = this.page;
    const [status, timer, lead, signedOut] = await Promise.all([
      read(p.getByRole("button", { name: /^Status: / })),
      read(p.getByRole("timer").first()),
      read(p.getByRole("region", { name: "Current lead" }).getByRole("heading", { level: 3 }).first()),
      p.getByRole("form", { name: "Login form" }).isVisible(),
    ]);
    const parts = timer?.split(":").map(Number) ?? [];
    const seconds =
      parts.length >= 2 && parts.every(Number.isFinite) ? parts.reduce((a, n) => a * 60 + n, 0) : null;
    return { status, seconds, lead, signedOut };
  }

  /** A screenshot kept at `path`, and the page's accessibility tree as text: what the agent saw when a check failed. */
  async evidence(path: string): Promise<string> {
    await this.page.screenshot({ path }).catch(() => {});
    const tree = await this.page
      .locator("body")
      .ariaSnapshot({ timeout: 5_000 })
      .catch((e: unknown) => `(no snapshot: ${String(e)})`);
    return `screenshot ${path}; the page:\n${tree.slice(0, 3_000)}`;
  }

  /** Closes the page (its socket goes: another page of the agent may then open). */
  async close(): Promise<void> {
    await this.context.close();
  }
}
