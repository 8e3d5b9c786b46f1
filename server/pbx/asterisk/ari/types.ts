// The part of the Asterisk REST Interface's models the driver reads (Asterisk 22 rest-api/api-docs, pinned
// 22.10.1): channels, bridges, endpoints and the events of the `dialer` application. Fields are ARI's own
// names; only the ones the driver uses are typed, the rest pass through untouched.

export interface AriCallerId {
  name: string;
  number: string;
}

/** ARI `Channel`. `state` is Asterisk's channel state: Down, Rsrvd, OffHook, Dialing, Ring, Ringing, Up, Busy… */
export interface AriChannel {
  id: string;
  name: string;
  state: string;
  caller: AriCallerId;
  connected: AriCallerId;
  creationtime: string;
  dialplan?: { context: string; exten: string; priority: number; app_name?: string; app_data?: string };
  channelvars?: Record<string, string>;
}

export interface AriBridge {
  id: string;
  bridge_type: string;
  bridge_class: string;
  channels: string[];
  name?: string;
}

export interface AriEndpoint {
  technology: string;
  resource: string;
  state?: "unknown" | "offline" | "online";
  channel_ids: string[];
}

interface EventBase {
  type: string;
  application: string;
  timestamp?: string;
  asterisk_id?: string;
}

export type AriEvent =
  | (EventBase & { type: "StasisStart"; args: string[]; channel: AriChannel; replace_channel?: AriChannel })
  | (EventBase & { type: "StasisEnd"; channel: AriChannel })
  | (EventBase & { type: "ChannelStateChange"; channel: AriChannel })
  | (EventBase & { type: "ChannelHangupRequest"; channel: AriChannel; cause?: number; soft?: boolean })
  | (EventBase & { type: "ChannelDestroyed"; channel: AriChannel; cause: number; cause_txt: string })
  | (EventBase & { type: "ChannelDtmfReceived"; channel: AriChannel; digit: string; duration_ms: number })
  | (EventBase & { type: "ChannelVarset"; channel?: AriChannel; variable: string; value: string })
  | (EventBase & { type: "Dial"; peer: AriChannel; caller?: AriChannel; dialstatus: string; dialstring?: string })
  | (EventBase & { type: "ChannelEnteredBridge" | "ChannelLeftBridge"; bridge: AriBridge; channel: AriChannel })
  | (EventBase & { type: "EndpointStateChange"; endpoint: AriEndpoint })
  | (EventBase & {
      type: "RecordingStarted" | "RecordingFinished" | "RecordingFailed";
      recording: { name: string; state: string; target_uri: string; duration?: number; cause?: string };
    })
  | (EventBase & {
      type: "PlaybackStarted" | "PlaybackFinished";
      playback: { id: string; media_uri: string; target_uri: string; state: string };
    })
  | (EventBase & { type: string & {} });

/** An ARI answer other than 2xx: its status and Asterisk's `message`. */
export class AriError extends Error {
  override name = "AriError";
  constructor(
    readonly status: number,
    message: string,
    readonly operation: string,
  ) {
    super(`${operation}: ${status} ${message}`);
  }
}
