// Blueprint's toaster (with its overlay and transition code), split from the sign-in page's first download:
// notifier.ts loads it on the first message.
export { OverlayToaster, Position } from "@blueprintjs/core";
