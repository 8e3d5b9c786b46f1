// What plugins kept with one call of the lead's history (`facets` on the wire), each drawn by its own plugin's
// component in that plugin's scope, so the plugin that shows the history (the lead card) never names the plugins
// whose facets it shows. Only the facets of plugins enabled for the agent show; one that does not parse with its
// plugin's schema, or whose component throws, is logged and left out: a facet never breaks the history around it.
import { Component, Suspense, useEffect, useMemo, type ErrorInfo, type ReactNode } from "react";
import type { LeadHistoryCall } from "../contract/leadHistory";
import { PluginScope, usePluginScope, type ScopedCallFacet } from "./PluginScope";

/** Every facet of `call` an enabled plugin shows, in the registry's order of plugins. */
export function CallFacets({ call }: { call: LeadHistoryCall }) {
  const { callFacets } = usePluginScope();
  const kept = call.facets;
  if (!kept) return null;
  return (
    <>
      {callFacets
        .filter((f) => kept[f.pluginId] !== undefined)
        .map((f) => (
          <CallFacet key={f.pluginId} facet={f} value={kept[f.pluginId]} call={call} />
        ))}
    </>
  );
}

function CallFacet({
  facet,
  value,
  call,
}: {
  facet: ScopedCallFacet;
  value: unknown;
  call: LeadHistoryCall;
}) {
  const parsed = useMemo(() => facet.schema.safeParse(value), [facet.schema, value]);
  useEffect(() => {
    // The issues' paths and messages only: never the facet's values (a lead's data may be in them).
    if (!parsed.success)
      facet.scope.ctx.log(
        `the facet of call ${call.id} does not parse; it is not shown`,
        parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`),
      );
  }, [parsed, facet, call.id]);
  if (!parsed.success) return null;
  const Shown = facet.component;
  return (
    <FacetBoundary facet={facet} callId={call.id}>
      <Suspense fallback={null}>
        <PluginScope value={facet.scope}>
          <Shown facet={parsed.data as never} call={call} />
        </PluginScope>
      </Suspense>
    </FacetBoundary>
  );
}

class FacetBoundary extends Component<
  { facet: ScopedCallFacet; callId: number; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.facet.scope.ctx.log(`the facet of call ${this.props.callId} failed; it is not shown`, {
      error: error.message,
      stack: info.componentStack,
    });
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
