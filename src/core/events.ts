// One bus for socket pushes and phone events, so plugins subscribe to both the same way.
export type EventHandler = (payload: unknown) => void;

export interface EventBus {
  on(name: string, handler: EventHandler): () => void;
  emit(name: string, payload: unknown): void;
}

export function createEventBus(onHandlerError: (name: string, error: unknown) => void = () => {}): EventBus {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) handlers.set(name, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    emit(name, payload) {
      for (const h of [...(handlers.get(name) ?? [])]) {
        // One plugin's failing handler must not keep the event from the others.
        try {
          h(payload);
        } catch (e) {
          onHandlerError(name, e);
        }
      }
    },
  };
}
