// Which test files run in a fresh module graph of their own (issue 32, docs/testing.md "Shared and isolated").
// Every other file shares its worker's modules, environment and DOM with the files before it: importing the
// gateway or the workspace again for each file cost more than most files' own tests. A file that changes the
// whole process does not share: it mocks a module (vi.mock), stubs a global, installs shims, moves the time zone
// or the timers. tests/contracts/isolation.test.ts fails when such a file is not listed here.

/** Gateway test files that change the process: the SIP edge's JsSIP shims (a global `window`) and werift mocks. */
export const ISOLATED_GATEWAY_TESTS = ["server/pbx/edge/**/*.test.ts"];

/** Browser test files that change the process. */
export const ISOLATED_WEB_TESTS = [
  // A new TZ applies to the process at once, and Intl caches formatters by zone.
  "src/core/callbackPicker.test.ts",
  "plugins/user-summary/picker.test.ts",
  "plugins/user-summary/FitTables.test.tsx",
  "plugins/user-summary/FollowUpRow.test.tsx",
  "plugins/user-summary/LastDialsAndSearch.test.tsx",
  "plugins/lead-explain/AgentView.test.tsx",
  "plugins/lead-explain/ManagerView.test.tsx",
  // Module mocks and stubbed globals.
  "plugins/users/UsersPage.test.tsx",
  "src/api/http.test.ts",
  // uPlot needs a canvas jsdom has not: the chart's test mocks it.
  "plugins/reports/TeamChart.test.tsx",
];

/** What in a test file's text changes the process for the files after it. */
export const PROCESS_WIDE_CHANGES = [
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/,
  /process\.env\.TZ\s*=/,
  /\bg\.window\s*\?\?=|globalThis\.window\s*=/,
  // JsSIP's Node shims (a global window, RTCPeerConnection), installed by the edge tests' helper.
  /testing\/jssipNode/,
];
