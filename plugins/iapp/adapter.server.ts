// The e-application systems the dialer sends leads to (iApp, iApp 2) are outside it: one adapter interface,
// an HTTP client for a real system (IAPP_URL / IAPP2_URL, with IAPP_TOKEN as its bearer) and, when no address
// is configured, the embedded demo receiver (demoReceiver.server.ts), so the whole flow works on `npm start`.
//
// Every submission carries a key that stays the same for a lead and destination across retries: a system that
// got the first attempt but whose answer was lost answers the same application again, it does not open two.
import { IappReceipt, type IappApplication, type IappDestination } from "./contract";

export interface IappSystem {
  /** What the agent's tab opens: the receiver's page. Throws when the system refuses or cannot be reached. */
  submit(application: IappApplication, requestKey: string): Promise<IappReceipt>;
}

export interface IappEndpoints {
  /** The system's submission address per destination; absent: the embedded demo receiver. */
  iapp?: string;
  iapp2?: string;
  /** Bearer token the systems expect. */
  token?: string;
  /** Milliseconds to wait for a system's answer before the send fails (and can be retried). */
  timeoutMs: number;
}

/** IAPP_URL, IAPP2_URL, IAPP_TOKEN, IAPP_TIMEOUT_MS; a malformed address stops the gateway at start. */
export function iappEndpointsFrom(env: NodeJS.ProcessEnv): IappEndpoints {
  const url = (name: string) => {
    const value = env[name] || undefined;
    if (value !== undefined && !/^https?:\/\//.test(value)) throw new Error(`${name} is not an http(s) URL`);
    return value;
  };
  const timeoutMs = Number(env.IAPP_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100)
    throw new Error("IAPP_TIMEOUT_MS must be a whole number ≥ 100");
  return { iapp: url("IAPP_URL"), iapp2: url("IAPP2_URL"), token: env.IAPP_TOKEN || undefined, timeoutMs };
}

/** Thrown for any failed submission: the route answers 502 with the specification's message. */
export class IappUnavailable extends Error {}

/** A real system over HTTP: POST the application as JSON, with the key in Idempotency-Key. */
export function httpIappSystem(
  endpoint: string,
  options: { token?: string; timeoutMs: number; fetch?: typeof fetch },
): IappSystem {
  const doFetch = options.fetch ?? fetch;
  return {
    async submit(application, requestKey) {
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "idempotency-key": requestKey,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify(application),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (e) {
        throw new IappUnavailable(`no answer from the e-application system (${(e as Error).name})`);
      }
      if (!res.ok) throw new IappUnavailable(`the e-application system answered ${res.status}`);
      const receipt = IappReceipt.safeParse(await res.json().catch(() => null));
      if (!receipt.success)
        throw new IappUnavailable("the e-application system's answer has no reference and page");
      return receipt.data;
    },
  };
}

/** The system for each destination: configured over HTTP, else `fallback` (the demo receiver). */
export function iappSystems(
  endpoints: IappEndpoints,
  fallback: (destination: IappDestination) => IappSystem,
): (destination: IappDestination) => IappSystem {
  const systems = new Map<IappDestination, IappSystem>();
  return (destination) => {
    let system = systems.get(destination);
    if (!system) {
      const endpoint = endpoints[destination];
      system = endpoint
        ? httpIappSystem(endpoint, { token: endpoints.token, timeoutMs: endpoints.timeoutMs })
        : fallback(destination);
      systems.set(destination, system);
    }
    return system;
  };
}
