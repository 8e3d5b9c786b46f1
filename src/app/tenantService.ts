import type { AxiosInstance } from "axios";
import { TenantFeatures } from "../contract/tenant";
import type { RootStore } from "../store/root";

export interface TenantService {
  /** Fetches the tenant's variant and features; false when they could not be read (the UI stays in en-only). */
  load(): Promise<boolean>;
}

export function createTenantService({ http, root }: { http: AxiosInstance; root: RootStore }): TenantService {
  return {
    async load() {
      try {
        const { data } = await http.get("/tenant-features");
        const tenant = TenantFeatures.parse(data);
        root.ui.setTenant(tenant);
        // A language left over from another call centre on this browser (es at a SLICA desk) falls back to en.
        if (!root.ui.languages.includes(root.ui.language)) root.ui.setLanguage("en");
        return true;
      } catch {
        return false;
      }
    },
  };
}
