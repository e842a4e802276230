// Sound, off until the player turns it on (the switch is remembered): short WebAudio tones
// for the dice, a piece built, and the player's turn. No sound files.

export type Cue = 'dice' | 'build' | 'turn';

const KEY = 'settlers.sound';

export function soundOn(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): boolean {
  return storage?.getItem(KEY) === 'on';
}

export function keepSound(on: boolean, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  storage?.setItem(KEY, on ? 'on' : 'off');
}

/** Each cue's notes: frequency (Hz), start and length (seconds), and wave. */
export const CUES: Record<Cue, { freq: number; at: number; length: number; wave: OscillatorType }[]> = {
  // Two dice knocking on the table.
  dice: [
    { freq: 180, at: 0, length: 0.05, wave: 'square' },
    { freq: 150, at: 0.09, length: 0.05, wave: 'square' },
    { freq: 200, at: 0.16, length: 0.04, wave: 'square' },
  ],
  build: [{ freq: 330, at: 0, length: 0.12, wave: 'triangle' }],
  // Rising: your turn.
  turn: [
    { freq: 523, at: 0, length: 0.14, wave: 'sine' },
    { freq: 784, at: 0.15, length: 0.2, wave: 'sine' },
  ],
};

let audio: AudioContext | null = null;

export function playSound(cue: Cue): void {
  const Ctx = globalThis.AudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const now = audio.currentTime;
  for (const n of CUES[cue]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = n.wave;
    osc.frequency.value = n.freq;
    gain.gain.setValueAtTime(0.12, now + n.at);
    gain.gain.exponentialRampToValueAtTime(0.001, now + n.at + n.length);
    osc.connect(gain).connect(audio.destination);
    osc.start(now + n.at);
    osc.stop(now + n.at + n.length + 0.02);
  }
}
