// Every rule, in the order the engine applies them (src/contract/dialer.ts DIALER_RULES): the first that
// fails is the reason a lead is skipped. Agent rules first, then the Do Not Call and ownership rules, then
// distribution, pacing and the calling window.
import type { Rule } from "../facts";
import { callableStates } from "./callableStates";
import { callingDisabled } from "./callingDisabled";
import { callingWindow } from "./callingWindow";
import { campaign } from "./campaign";
import { dialingSequence } from "./dialingSequence";
import { dnc } from "./dnc";
import { eligibility } from "./eligibility";
import { followUps } from "./followUps";
import { held } from "./held";
import { inboundOnly } from "./inboundOnly";
import { inProcess } from "./inProcess";
import { language } from "./language";
import { leadGroup } from "./leadGroup";
import { level } from "./level";
import { operationHours } from "./operationHours";
import { owner } from "./owner";
import { publisherSuppression } from "./publisherSuppression";
import { quotas } from "./quotas";
import { role } from "./role";
import { status } from "./status";

export const RULES: readonly Rule[] = [
  role,
  callingDisabled,
  inboundOnly,
  operationHours,
  quotas,
  dnc,
  status,
  held,
  owner,
  inProcess,
  followUps,
  campaign,
  leadGroup,
  callableStates,
  eligibility,
  level,
  language,
  publisherSuppression,
  dialingSequence,
  callingWindow,
];
