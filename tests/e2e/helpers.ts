import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password";

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/auth/login");
  const form = page.getByRole("form", { name: "Login form" });
  await form.getByLabel("Login").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

export async function expectSignedIn(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /logout/i }).or(page.getByRole("button", { name: /user menu/i })).first()).toBeVisible();
}
