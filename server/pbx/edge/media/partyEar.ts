// The ear of a simulated party's leg (a lead, an inbound caller, a conference party: no softphone, no RTP):
// on the pacer's clock it takes a frame of every live voice the PBX says the party hears, and counts the
// ones that carried sound (LegMediaStats.heard), so a test can tell that a barging supervisor reached the
// lead and a whispering one did not. Nothing is mixed or sent.
import type { LegMix } from "../../driver";
import type { LegMediaStats } from "./endpoint";
import type { LiveVoices } from "./liveVoice";
import { MixPlayer } from "./mixPlayer";
import type { Paced } from "./pacer";

export class PartyEar implements Paced {
  private readonly player: MixPlayer;
  private listening = false;
  /** 20 ms frames taken while the party heard anyone. */
  private pulled = 0;

  constructor(voices: LiveVoices) {
    this.player = new MixPlayer(voices);
  }

  /** The live voices from now on (other sources are the simulation's own and are left out). */
  hear(mix: LegMix): void {
    const voices = mix.filter((s) => s.sound === "voice");
    this.player.hear(voices);
    this.listening = voices.length > 0;
  }

  tick(): void {
    if (!this.listening) return;
    this.player.skipFrame();
    this.pulled++;
  }

  /** No peer: nothing sent, `received` the frames taken, state "ear". */
  stats(): LegMediaStats {
    return {
      sent: 0,
      received: this.pulled,
      state: "ear",
      sound: this.player.sound,
      mix: this.player.sounds,
      heard: this.player.heard,
    };
  }
}
