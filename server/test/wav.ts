/**
 * A real WAV file made on the spot (16-bit PCM, a sine tone): what a candidate hands in, for the
 * tests, the fault script and the benchmark. `bytes`: the size of the sound data (rounded down
 * to whole samples); the file is 44 bytes more.
 */
export function makeWav(options: { bytes?: number; seconds?: number; sampleRate?: number; channels?: number } = {}): Buffer {
  const sampleRate = options.sampleRate ?? 8_000;
  const channels = options.channels ?? 1;
  const frame = 2 * channels;
  const dataBytes =
    options.bytes !== undefined ? Math.floor(options.bytes / frame) * frame : Math.round((options.seconds ?? 1) * sampleRate) * frame;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write("WAVE", 8, "ascii");
  wav.write("fmt ", 12, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(channels, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * frame, 28);
  wav.writeUInt16LE(frame, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0, at = 44; at < wav.length; i++) {
    const sample = Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8_000);
    for (let c = 0; c < channels && at < wav.length; c++, at += 2) wav.writeInt16LE(sample, at);
  }
  return wav;
}
