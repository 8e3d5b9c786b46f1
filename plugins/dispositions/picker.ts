// The callback's rules are the core's, the same for every panel that picks a call time; the picker itself is
// the SDK's CallTimePicker (see CallbackPicker.tsx). This panel checks the draft and writes the wire's instant.
import { callbackPicker } from "../../src/sdk";

export const { utcDay, isDay, isTime, onStep, outOfRange, toIso } = callbackPicker;
