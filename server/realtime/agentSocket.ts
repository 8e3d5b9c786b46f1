// An agent's socket as the gateway types it: its own module, so that the dispatcher and the events it dispatches
// both use it without importing each other.
import type { Socket } from "socket.io";
import type { ClientToServer, ServerToClient } from "../../src/contract/socket";
import type { SocketData } from "./push";

export type AgentSocket = Socket<ClientToServer, ServerToClient, Record<string, never>, SocketData>;
