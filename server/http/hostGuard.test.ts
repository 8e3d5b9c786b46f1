// The Host policy against DNS rebinding (server/http/hostGuard.ts): which names a gateway answers to. The same
// through a listening gateway (every route, socket.io, the SIP endpoint): hostGuard.gateway.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hostAllowed,
  listensOnLoopback,
  loggableHost,
  LOGGED_HOST_LENGTH,
  parseAllowedHosts,
  parseHost,
  type HostPolicy,
} from "./hostGuard";

const loopback = (allowedHosts: string[] = []): HostPolicy => ({ listenHost: "127.0.0.1", allowedHosts });
const network = (allowedHosts: string[] = []): HostPolicy => ({ listenHost: "0.0.0.0", allowedHosts });

/** Domain names that are not loopback's own. */
const name = fc.domain().filter((d) => d !== "localhost" && !d.endsWith(".localhost"));
const port = fc.integer({ min: 0, max: 65_535 });
/** How a browser or a hand-written client may spell one name: any port or none, any case, a trailing dot. */
const spelling = (host: string) =>
  fc
    .record({ port: fc.option(port, { nil: undefined }), upper: fc.boolean(), dot: fc.boolean() })
    .map(({ port, upper, dot }) => {
      const n = (upper ? host.toUpperCase() : host) + (dot && !host.startsWith("[") ? "." : "");
      return port === undefined ? n : `${n}:${port}`;
    });

describe("parseHost", () => {
  it("takes the name without port, case or trailing dot, and IPv6 addresses in brackets", () => {
    expect(parseHost("Dialer.Example.COM:8443")).toEqual({ name: "dialer.example.com", ip: false });
    expect(parseHost("localhost.")).toEqual({ name: "localhost", ip: false });
    expect(parseHost("127.0.0.1:80")).toEqual({ name: "127.0.0.1", ip: true });
    expect(parseHost("[::1]:8080")).toEqual({ name: "[::1]", ip: true });
    expect(parseHost("[0:0:0:0:0:0:0:1]")).toEqual({ name: "[::1]", ip: true });
    expect(parseHost("[FE80::A]:1")).toEqual({ name: "[fe80::a]", ip: true });
    expect(parseHost("host:")).toEqual({ name: "host", ip: false });
  });

  it("is not fooled by what is not a host: user info, paths, a bare IPv6 address, a bad port", () => {
    for (const v of [
      "",
      "evil.example@localhost",
      "localhost/x",
      "::1",
      "[::1",
      "[::1]x",
      "[localhost]",
      "localhost:80:80",
      "localhost:65536",
      "localhost:8o",
      "a..b",
      ".localhost",
      "local host",
      "localhost\u0000",
      "[::1%25eth0]",
    ])
      expect(parseHost(v), JSON.stringify(v)).toBeNull();
  });
});

describe("hostAllowed on a gateway that listens on loopback", () => {
  it("answers localhost, 127.0.0.1, [::1] and *.localhost at any port", () => {
    for (const host of [
      "localhost",
      "localhost:8080",
      "127.0.0.1:5173",
      "[::1]:8080",
      "[::1]",
      "app.localhost:3000",
      "LocalHost.",
      undefined,
    ])
      expect(hostAllowed(host, loopback()), String(host)).toBe(true);
  });

  it("refuses any other name, and other addresses (a rebinding page's name never passes)", () => {
    for (const host of [
      "rebind.example:8080",
      "localhost.rebind.example",
      "rebind.example.localhost.example",
      "127.0.0.2",
      "[::2]",
      "10.0.0.11:8080",
      "",
      "localhost@rebind.example",
    ])
      expect(hostAllowed(host, loopback()), host).toBe(false);
    fc.assert(fc.property(name.chain(spelling), (host) => !hostAllowed(host, loopback())));
  });

  it("property: any spelling of localhost and 127.0.0.1 (any port, case, trailing dot) is answered", () => {
    fc.assert(
      fc.property(fc.constantFrom("localhost", "127.0.0.1", "[::1]").chain(spelling), (host) =>
        hostAllowed(host, loopback()),
      ),
    );
  });
});

describe("hostAllowed with ALLOWED_HOSTS", () => {
  it("property: any port, case or trailing dot on a listed name is answered", () => {
    fc.assert(
      fc.property(name, name, (listed, other) =>
        fc.sample(spelling(listed), 5).every((h) => hostAllowed(h, loopback([other, listed]))),
      ),
    );
  });

  it("property: a name that merely ends with a listed name (no dot boundary) is refused", () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[a-z0-9-]{1,12}$/), port, (listed, prefix, p) => {
        expect(hostAllowed(`${prefix}${listed}:${p}`, loopback([listed]))).toBe(false);
        // Nor is a subdomain of a name listed without the leading dot.
        expect(hostAllowed(`${prefix}.${listed}`, loopback([listed]))).toBe(false);
      }),
    );
  });

  it("property: a leading dot answers the domain and its subdomains, and no name that only ends like it", () => {
    fc.assert(
      fc.property(name, fc.stringMatching(/^[a-z0-9-]{1,12}$/), (domain, label) => {
        const policy = loopback([`.${domain}`]);
        expect(hostAllowed(domain, policy)).toBe(true);
        expect(hostAllowed(`${label}.${domain}:443`, policy)).toBe(true);
        expect(hostAllowed(`${label}.x.${domain}`, policy)).toBe(true);
        expect(hostAllowed(`${label}${domain}`, policy)).toBe(false);
        expect(hostAllowed(`${domain}.${label}`, policy)).toBe(false);
      }),
    );
  });

  it("* answers any host, even one that is not a host name", () => {
    fc.assert(fc.property(fc.string(), (host) => hostAllowed(host, loopback(["*"]))));
    expect(hostAllowed("rebind.example:8080", network(["*"]))).toBe(true);
  });

  it("property: never throws, whatever the Host header holds, and on loopback passes only loopback's names", () => {
    // Pieces a parser may trip on, strung together, and any text.
    const piece = fc.constantFrom(
      "[",
      "]",
      ":",
      "%",
      ".",
      "@",
      "/",
      " ",
      "\u0000",
      "é",
      "localhost",
      "127.0.0.1",
      "::1",
      "a",
      "-",
      "8080",
    );
    const header = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
      fc.string(),
    );
    fc.assert(
      fc.property(header, (host) => {
        expect(typeof hostAllowed(host, network([".example.com"]))).toBe("boolean");
        if (hostAllowed(host, loopback())) {
          const n = parseHost(host)?.name ?? "";
          expect(["localhost", "127.0.0.1", "[::1]"].includes(n) || n.endsWith(".localhost"), host).toBe(
            true,
          );
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("hostAllowed on a gateway that listens on the network (HOST=0.0.0.0 or an address)", () => {
  it("property: answers any IP address, v4 or bracketed v6, at any port (rebinding needs a name)", () => {
    fc.assert(fc.property(fc.ipV4().chain(spelling), (host) => hostAllowed(host, network())));
    fc.assert(
      fc.property(
        fc
          .ipV6()
          .map((v6) => `[${v6}]`)
          .chain(spelling),
        (host) => hostAllowed(host, network()),
      ),
    );
  });

  it("property: names still need ALLOWED_HOSTS", () => {
    fc.assert(fc.property(name.chain(spelling), (host) => !hostAllowed(host, network())));
    expect(hostAllowed("dialer.example.com:443", network(["dialer.example.com"]))).toBe(true);
    expect(hostAllowed("10.0.0.11.rebind.example", network())).toBe(false);
  });

  it("tells loopback from the network by HOST", () => {
    for (const h of ["127.0.0.1", "127.0.1.1", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"])
      expect(listensOnLoopback(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "10.0.0.11", "192.168.1.20", "fe80::1", "dialer.lan"])
      expect(listensOnLoopback(h), h).toBe(false);
  });
});

describe("parseAllowedHosts (ALLOWED_HOSTS)", () => {
  it("reads comma-separated names, domains with a leading dot, and *", () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts("")).toEqual([]);
    expect(parseAllowedHosts(" Dialer.Example.com , .lan.example.,*,, [::1],10.0.0.11 ")).toEqual([
      "dialer.example.com",
      ".lan.example",
      "*",
      "[::1]",
      "10.0.0.11",
    ]);
  });

  it("refuses what is not a host name: a URL, a port, a wildcard label, a bare IPv6 address", () => {
    for (const raw of [
      "https://dialer.example.com",
      "dialer.example.com:443",
      "[::1]:80",
      "*.example.com",
      "::1",
      ".",
      "dialer example",
      ".10.0.0.1",
    ])
      expect(() => parseAllowedHosts(raw), raw).toThrow(/ALLOWED_HOSTS/);
  });
});

describe("loggableHost", () => {
  it("keeps printable characters only and cuts the name short", () => {
    expect(loggableHost("rebind.example:8080")).toBe("rebind.example:8080");
    expect(loggableHost("a\nb\u0000c\u00e9")).toBe("a?b?c?");
    expect(loggableHost("x".repeat(500))).toHaveLength(LOGGED_HOST_LENGTH);
  });
});
