// The fake Asterisk ARI server for the driver's tests (issue 19). It behaves as Asterisk 22.10.1 does for the
// ARI subset the driver uses, validates every request and every event against the pinned api-docs facts
// (facts/ari-22.10.1.json), and takes its time from an injected Clock.
//
//   const clock = manualClock();
//   const world = scriptedWorld(clock, { "PJSIP/1001": { ringMs: 200, answerMs: 1500 } });  // or the lead's world
//   const fake = await startFakeAri({ clock, world, user: "dialer", password: "secret", extensions: ["1001"] });
//   fake.registerContact("1001");                 // PJSIP endpoint online (ContactStatusChange/EndpointStateChange)
//   … driver connects to fake.url (http://127.0.0.1:port/ari), ws `${url}/events?app=dialer` …
//   clock.advance(2000); await fake.settled();    // every event sent so far is written to the socket
//   fake.channels(), fake.bridges(), fake.recordings(), fake.requests, fake.sent   // assertions
//   await fake.close();
//
// Behaviour notes (from the 22.10.1 source, where they differ from docs or the design note):
// - originate with both `app` and `context`: app wins, 200 (no 400 in 22.10.1); neither → 400
//   "Application or extension must be specified".
// - channels/{id}/record while bridged: 201 (queued), then RecordingFailed cause "Cannot record channel while in bridge".
// - Events emitted by a request go out right after its HTTP response (faults.stasisStartBeforeResponse: before).
// - A dial of PJSIP/{ext} whose endpoint is not online fails at once: Dial CHANUNAVAIL, cause 20.
// - An originate that times out (timeout=, default 30 s) ends with cause 0 (asterisk#963); /dial?timeout= with 19.
// - Only context `dialer-amd` (option amdContext) exists: AMD() then Stasis(dialer,amd,STATUS,CAUSE).
export { startFakeAri } from "./server";
export type { FakeAri, FakeAriFaults, FakeAriOptions, RequestLogEntry } from "./server";
export { scriptedWorld } from "./world";
export type { AmdVerdict, FakeWorld, FarEnd, FarScript } from "./world";
export { validateEvent, validateModel, validateRequest, AriEventError } from "./schema";
export type { AriError, RequestCheck, ValidRequest } from "./schema";
export { ARI_FACTS } from "./facts";
export { runScenario, matches } from "./scenario";
export type { Scenario, ScenarioEvent, ScenarioRequest, ScenarioResult } from "./scenario";
export { connectClient } from "./client";
export type { TestAriClient } from "./client";
export { causeText, CAUSE, REASON_CAUSE } from "./causes";
export type { AsteriskModel, FakeBridge, FakeChannel, FakeRecording, AriEvent } from "./model";
export { asteriskTime } from "./model";
