/**
 * Test helpers for plugins: the one thing a plugin's tests import from the core besides `src/sdk` and the
 * contract. `renderPlugin` mounts a plugin through the real registry; the fakes stand in for the core's
 * services and the gateway; `pluginContext` builds a `ctx` for a service's unit test without rendering.
 */
export {
  renderPlugin,
  provide,
  type RenderPluginOptions,
  type RenderedPlugin,
  type ServiceBinding,
} from "./renderPlugin";
export { pluginContext, type PluginContextOptions } from "./pluginContext";
export { TEST_AGENT, testAgent, type TestAgent } from "./agent";
export { manualClock, type ManualClock } from "../../shared/clock";
export {
  fakeGateway,
  NETWORK_DOWN,
  reply,
  type EndpointHandler,
  type EndpointRequest,
  type EndpointRoute,
  type FakeGateway,
  type FakeReply,
  type Reply,
  type SeenRequest,
} from "../../test/fakeGateway";
export { fakeCallControl } from "../../test/fakeCall";
export { fakeStatusControl } from "../../test/fakeStatus";
export { fakeLeads, fakeLeadsControl } from "../../test/fakeLeads";
export { leadView } from "../../test/leadView";
export { historyCall } from "../../test/historyCall";
export { recordingNotifier } from "../../test/fixtures";
export { createEventBus } from "../../core/events";
