import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../../src/contract/common";
import {
  GeocodeResponse,
  NearestResponse,
  POSTAL_MESSAGES,
  PostalProblem,
  WEATHER_MESSAGES,
  WeatherForecastResponse,
} from "../../../src/contract/geo";
import { postalTable } from "../../geo";
import { KM_PER_DEGREE } from "../../geo/nearest";
import { deterministicDay } from "../../geo/weather/deterministic";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";

let gw: TestGateway;
let agent: TestClient;
beforeAll(async () => {
  gw = await startTestGateway();
  agent = await gw.signIn("qualifier.isius@demo.test");
});
afterAll(() => gw?.close());

const get = (url: string, c: TestClient = agent) => c.request("GET", url);

describe("GET /geocoding/{postal}", () => {
  it("geocodes a ZIP: city, lower-case state, coordinates, IANA zone and the dropdown's zone", async () => {
    const res = await get("/geocoding/10001");
    expect(res.statusCode).toBe(200);
    expect(GeocodeResponse.parse(res.json()).data).toEqual({
      postal: "10001",
      city: "New York",
      state: "ny",
      country: "US",
      latitude: 40.7484,
      longitude: -73.9967,
      timezone: "America/New_York",
      timezone_bucket: "America/New_York",
      precision: "postal",
    });
    expect((await get("/geocoding/85001")).json().data).toMatchObject({ timezone: "America/Phoenix", timezone_bucket: "America/Denver" });
    expect((await get("/geocoding/10001-1234")).json().data.postal).toBe("10001");
  });

  it("normalises a Canadian code to 'AAA AAA' upper case, placed at its FSA", async () => {
    for (const [input, postal] of [
      ["m5v%203l9", "M5V 3L9"],
      ["m5v3l9", "M5V 3L9"],
      ["%20h2x%201y4%20", "H2X 1Y4"],
    ]) {
      const res = await get(`/geocoding/${input}`);
      expect(res.statusCode, input).toBe(200);
      expect(res.json().data).toMatchObject({ postal, country: "CA" });
    }
    expect((await get("/geocoding/M5V3L9")).json().data).toMatchObject({ city: "Toronto", state: "on", timezone: "America/Toronto" });
  });

  it("places an FSA the table lacks at its province", async () => {
    const res = await get("/geocoding/H0H%200H0");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ postal: "H0H 0H0", city: "", state: "qc", precision: "province" });
  });

  it("refuses 1 to 4 characters as too short (422)", async () => {
    // An FSA alone is 3 characters: too short too, as the booking form's field says (agent-workspace §5).
    for (const input of ["1", "1234", "M5", "m5v%203", "M5V", "%20h%202%20x%20"]) {
      const res = await get(`/geocoding/${input}`);
      expect(res.statusCode, input).toBe(422);
      expect(PostalProblem.parse(res.json())).toEqual({
        message: POSTAL_MESSAGES.too_short,
        reason: "too_short",
        errors: { postal: [POSTAL_MESSAGES.too_short] },
      });
    }
  });

  it("refuses a malformed code (422 invalid), never a 5xx", async () => {
    for (const input of ["ABCDE", "123456", "D1A%201A1", "W1A%201A1", "M5V%203L", "M5V%203L9X", "10001-12", "%20%20%20", "%F0%9F%98%80%F0%9F%98%80%F0%9F%98%80", "x".repeat(20)]) {
      const res = await get(`/geocoding/${input}`);
      expect(res.statusCode, input).toBe(422);
      expect(res.json().reason, input).toBe("invalid");
    }
    // Longer than any code: the schema's own 422.
    const long = await get(`/geocoding/${"1".repeat(21)}`);
    expect(long.statusCode).toBe(422);
    expect(ErrorBody.safeParse(long.json()).success).toBe(true);
  });

  it("answers a well-formed ZIP the table lacks with 404 reason 'not_found', unlike an unknown endpoint", async () => {
    expect(postalTable().has("99999")).toBe(false);
    const res = await get("/geocoding/99999");
    expect(res.statusCode).toBe(404);
    expect(PostalProblem.parse(res.json())).toMatchObject({ message: POSTAL_MESSAGES.not_found, reason: "not_found" });
    const unknownEndpoint = await get("/geocodingg/99999");
    expect(unknownEndpoint.statusCode).toBe(404);
    expect(unknownEndpoint.json().reason).toBeUndefined();
  });

  it("is for signed-in agents: 401 without a session; advisors and managers too", async () => {
    expect((await gw.client().request("GET", "/geocoding/10001")).statusCode).toBe(401);
    for (const email of ["advisor.slica@demo.test", "manager.isius@demo.test"]) {
      expect((await get("/geocoding/V6B%201A1", await gw.signIn(email))).statusCode, email).toBe(200);
    }
  });
});

describe("GET /geocoding/nearest", () => {
  it("gives a dragged marker the nearest postal centroid's city, state and zone", async () => {
    const res = await get("/geocoding/nearest?latitude=40.7484&longitude=-73.9967");
    expect(res.statusCode).toBe(200);
    expect(NearestResponse.parse(res.json()).data).toEqual({
      postal: "10001",
      city: "New York",
      state: "ny",
      country: "US",
      latitude: 40.7484,
      longitude: -73.9967,
      timezone: "America/New_York",
      timezone_bucket: "America/New_York",
      distance_km: 0,
      precision: "postal",
    });
    const toronto = await get("/geocoding/nearest?latitude=43.6426&longitude=-79.3871");
    expect(toronto.json().data).toMatchObject({ city: "Toronto", state: "on", country: "CA", timezone: "America/Toronto", precision: "postal" });
    // The point asked about comes back, not the centroid's.
    expect(toronto.json().data).toMatchObject({ latitude: 43.6426, longitude: -79.3871 });
  });

  it("beyond 25 km of any centroid: the zone at the point only, city empty", async () => {
    const adak = postalTable().get("99546")!;
    const at = (km: number) => `/geocoding/nearest?latitude=${(adak.lat + km / KM_PER_DEGREE).toFixed(6)}&longitude=${adak.lon}`;
    const inside = (await get(at(24.99))).json().data;
    expect(inside).toMatchObject({ postal: "99546", city: "Adak", precision: "postal" });
    expect(inside.distance_km).toBeCloseTo(25, 0);
    const beyond = (await get(at(25.01))).json().data;
    expect(beyond).toEqual({
      postal: null,
      city: "",
      state: null,
      country: null,
      latitude: Number((adak.lat + 25.01 / KM_PER_DEGREE).toFixed(6)),
      longitude: adak.lon,
      timezone: "America/Adak",
      timezone_bucket: null,
      distance_km: null,
      precision: "timezone",
    });
    // Mid-Atlantic: the ocean's own zone.
    expect((await get("/geocoding/nearest?latitude=35&longitude=-45")).json().data).toMatchObject({ city: "", precision: "timezone", timezone: "Etc/GMT+3" });
  });

  it("refuses coordinates that are not plain decimals in range (422), never a 5xx", async () => {
    for (const q of [
      "",
      "latitude=40.7",
      "longitude=-73.9",
      "latitude=abc&longitude=1",
      "latitude=91&longitude=0",
      "latitude=0&longitude=180.5",
      "latitude=1e1&longitude=0",
      "latitude=NaN&longitude=0",
      "latitude=&longitude=0",
      "latitude=%2040&longitude=0",
      "latitude=40&longitude=0&zoom=14",
      "latitude=40&latitude=41&longitude=0",
    ]) {
      const res = await get(`/geocoding/nearest?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(ErrorBody.safeParse(res.json()).success, q).toBe(true);
    }
  });
});

describe("GET /addresses/{city}/weather-forecast", () => {
  it("gives four days from the place's own today, deterministic by default", async () => {
    // The gateway clock: 2026-01-05 15:00 UTC; it is already the 6th at UTC+14.
    const ny = await get("/addresses/New%20York/weather-forecast?latitude=40.7484&longitude=-73.9967&timezone=America%2FNew_York");
    expect(ny.statusCode).toBe(200);
    const body = WeatherForecastResponse.parse(ny.json());
    expect(body.source).toBe("deterministic");
    expect(body.place).toEqual({ city: "New York", state: "ny", latitude: 40.7484, longitude: -73.9967, timezone: "America/New_York" });
    expect(body.forecast.map((d) => d.date)).toEqual(["2026-01-05", "2026-01-06", "2026-01-07", "2026-01-08"]);
    expect(body.forecast[0]).toEqual(deterministicDay(40.7484, -73.9967, "2026-01-05"));
    for (const d of body.forecast) {
      expect(d.minF).toBe(Math.round((d.minC * 9) / 5 + 32));
      expect(d.maxF).toBe(Math.round((d.maxC * 9) / 5 + 32));
      expect(d.condition).toMatch(/^weather\./);
    }
    // Same input, same output.
    expect((await get("/addresses/New%20York/weather-forecast?latitude=40.7484&longitude=-73.9967&timezone=America%2FNew_York")).json()).toEqual(ny.json());
    const kiritimati = await get("/addresses/Kiritimati/weather-forecast?latitude=1.87&longitude=-157.4&timezone=Pacific%2FKiritimati");
    expect(kiritimati.json().forecast[0].date).toBe("2026-01-06");
  });

  it("takes the zone and state from the coordinates when not given", async () => {
    const res = await get("/addresses/Anchorage/weather-forecast?latitude=61.2176&longitude=-149.8997");
    expect(res.statusCode).toBe(200);
    expect(res.json().place).toMatchObject({ state: "ak", timezone: "America/Anchorage" });
    expect(res.json().forecast[0].date).toBe("2026-01-05");
  });

  it("resolves a city named alone against the postal table, within a state when given", async () => {
    const mtl = await get("/addresses/montreal/weather-forecast");
    expect(mtl.statusCode).toBe(200);
    expect(mtl.json().place).toMatchObject({ city: "Montréal", state: "qc", timezone: "America/Toronto" });
    const il = (await get("/addresses/Springfield/weather-forecast?state=IL")).json().place;
    const ma = (await get("/addresses/Springfield/weather-forecast?state=ma")).json().place;
    expect(il.state).toBe("il");
    expect(ma.state).toBe("ma");
    expect(il.latitude).not.toBe(ma.latitude);
  });

  it("answers 404 for a city no postal row names", async () => {
    for (const url of ["/addresses/Atlantis/weather-forecast", "/addresses/Montreal/weather-forecast?state=bc"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(WEATHER_MESSAGES.cityNotFound);
    }
  });

  it("refuses malformed queries with 422, never a 5xx", async () => {
    for (const q of [
      "latitude=40.7",
      "longitude=-73.9",
      "latitude=40.7&longitude=-73.9&timezone=Mars%2FOlympus",
      "latitude=95&longitude=0",
      "state=new-york",
      "latitude=40.7&longitude=-73.9&units=F",
    ]) {
      const res = await get(`/addresses/New%20York/weather-forecast?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(ErrorBody.safeParse(res.json()).success).toBe(true);
    }
    // Longer than Fastify's path parameter limit (100): 414 before the schema's 422.
    expect([414, 422]).toContain((await get(`/addresses/${"x".repeat(101)}/weather-forecast`)).statusCode);
    expect((await get("/addresses/%20/weather-forecast")).statusCode).toBe(422);
  });
});

describe("the OpenAPI page", () => {
  it("documents the geodata and availability routes with their queries", async () => {
    const res = await gw.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, { get: { summary: string; parameters?: { name: string }[] } }>;
    expect(paths["/api/v1/geocoding/nearest"]!.get.summary).toMatch(/^Not in the specification/);
    expect(paths["/api/v1/geocoding/nearest"]!.get.parameters!.map((p) => p.name).sort()).toEqual(["latitude", "longitude"]);
    expect(paths["/api/v1/geocoding/{postal}"]).toBeDefined();
    expect(paths["/api/v1/addresses/{city}/weather-forecast"]!.get.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(["city", "latitude", "longitude", "timezone", "state"]),
    );
    expect(paths["/api/v1/available-agents"]!.get.parameters!.map((p) => p.name).sort()).toEqual(["mga", "postal"]);
    expect(paths["/api/v1/agents/available-advisors"]).toBeDefined();
  });
});

describe("GET /addresses/{city}/weather-forecast from Open-Meteo (WEATHER_PROVIDER=open-meteo)", () => {
  let meteo: Server;
  let og: TestGateway;
  let mode: "ok" | "fail" = "ok";
  const asked: URL[] = [];

  beforeAll(async () => {
    // A stand-in for the service on this machine: the gateway's real fetch, no network beyond loopback.
    meteo = createServer((req, res) => {
      const url = new URL(req.url!, "http://localhost");
      asked.push(url);
      if (mode === "fail") {
        res.writeHead(503, { "content-type": "application/json" }).end('{"error":true,"reason":"overloaded"}');
        return;
      }
      const start = url.searchParams.get("start_date")!;
      const time = [0, 1, 2, 3].map((i) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ daily: { time, weather_code: [0, 61, 73, 95], temperature_2m_max: [3.2, 5, -1, 20.04], temperature_2m_min: [-4.5, 1, -6, 12] } }),
      );
    });
    await new Promise<void>((resolve) => meteo.listen(0, "127.0.0.1", resolve));
    const port = (meteo.address() as AddressInfo).port;
    og = await startTestGateway({
      config: { weatherProvider: "open-meteo", openMeteoUrl: `http://127.0.0.1:${port}/v1/forecast`, openMeteoApiKey: "test-key" },
    });
  });
  afterAll(async () => {
    await og?.close();
    await new Promise((resolve) => meteo?.close(resolve));
  });

  it("asks the service for the place's four days and answers with the same shape", async () => {
    const c = await og.signIn("advisor.isius@demo.test");
    const res = await c.request("GET", "/addresses/Boston/weather-forecast?latitude=42.3576&longitude=-71.0684&timezone=America%2FNew_York");
    expect(res.statusCode).toBe(200);
    const body = WeatherForecastResponse.parse(res.json());
    expect(body.source).toBe("open-meteo");
    expect(body.forecast.map((d) => [d.date, d.code, d.condition, d.icon, d.minC, d.maxC, d.minF, d.maxF])).toEqual([
      ["2026-01-05", 0, "weather.clear", "clear-day", -4.5, 3.2, 24, 38],
      ["2026-01-06", 61, "weather.rain", "rain", 1, 5, 34, 41],
      ["2026-01-07", 73, "weather.snow", "snow", -6, -1, 21, 30],
      ["2026-01-08", 95, "weather.thunderstorm", "thunderstorms-rain", 12, 20, 54, 68],
    ]);
    const q = Object.fromEntries(asked.at(-1)!.searchParams);
    expect(q).toMatchObject({ latitude: "42.3576", longitude: "-71.0684", timezone: "America/New_York", start_date: "2026-01-05", end_date: "2026-01-08", apikey: "test-key" });
  });

  it("answers 502 with a clear message when the service fails, not a 500", async () => {
    mode = "fail";
    const c = await og.signIn("qualifier.isius@demo.test");
    const res = await c.request("GET", "/addresses/Chicago/weather-forecast");
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: WEATHER_MESSAGES.unavailable });
    mode = "ok";
  });
});
