// The callback picker's rules are the core's (one rule for every panel that picks a call time).
export * from "../../src/core/callbackPicker";
