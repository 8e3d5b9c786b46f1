// The client-health plugin's public face, for the floor's wall (which shows each agent's health): the shapes,
// the verdict, the endpoints and the push.
export {
  HEALTH_LIMITS,
  HEALTH_REASONS,
  healthReported,
  judge,
  readAgentHealth,
  readFloorHealth,
  type HealthReason,
  type HealthReport,
  type HealthSample,
  type HealthVerdict,
} from "./contract";
