import type { AxiosInstance } from "axios";
import type { LoginResponse } from "../../contract/auth";
import type { Language } from "../../contract/common";
import type { RootStore } from "../../store/root";

/**
 * The signed-in side of the account: entering the workspace, the language, signing out. Signing in itself is
 * the sign-in pages' (signInClient.ts), which hand the account here.
 */
export interface AuthService {
  /** The account the gateway answered a sign-in with: the store keeps it, and the screen speaks its language. */
  enter(account: LoginResponse, token: string): void;
  /** Tells the gateway, then forgets the session on this browser whatever the answer. */
  logout(): Promise<void>;
  /** The user menu's language: the screen switches at once, and the account keeps it for its next sign-in. */
  chooseLanguage(language: Language): Promise<void>;
}

export function createAuthService({ http, root }: { http: AxiosInstance; root: RootStore }): AuthService {
  const { account } = root;

  return {
    enter(response, token) {
      account.signIn(response, token);
      // The screen speaks the account's language from the first signed-in page (a French SLICA agent on an
      // English browser); one its call centre does not work in falls back once the call centre is known.
      root.ui.setLanguage(response.language);
    },

    async chooseLanguage(language) {
      root.ui.setLanguage(language);
      // The screen has switched already; a lost save only means the next sign-in opens in the old language.
      await http.put("/agents/me/language", { language }).catch(() => {});
    },

    async logout() {
      try {
        await http.post("/logout");
      } catch {
        // Signing out on this browser must not depend on the gateway answering.
      } finally {
        account.signOut();
        root.ui.setTenant(null);
      }
    },
  };
}
