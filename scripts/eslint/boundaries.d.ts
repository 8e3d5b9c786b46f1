// Types of the boundary rule's exports, for its test (the rule itself is plain JS, loaded by ESLint's config).
export function boundaryViolation(file: string, source: string): string | null;
export function isGatewayFile(file: string): boolean;
declare const plugin: { rules: Record<string, unknown> };
export default plugin;
