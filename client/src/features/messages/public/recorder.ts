/**
 * The voice message's recorder: the browser's microphone through `MediaRecorder`, as a small state
 * machine the form shows. The microphone is asked for only when the listener presses 'Record'; a
 * recording stops by itself at the longest a message may be. Loaded with the form, never before.
 */
/** What the recorder asks the browser for, in turn: Opus in WebM (Chromium, Firefox), Opus in Ogg (Firefox), AAC in MP4 (Safari). */
const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/mp4"] as const;

/** The longest a voice message may be, in seconds (the server's limit, MESSAGE_LIMITS.voiceSecondsMax, too). */
export const MAX_RECORDING_SECONDS = 180;

type RecorderState =
  | { phase: "idle" }
  /** Waiting for the browser's (or the listener's) answer about the microphone. */
  | { phase: "asking" }
  | { phase: "recording"; elapsed: number }
  | { phase: "recorded"; blob: Blob; seconds: number; atLimit: boolean }
  /** No recording here: `refused` (the microphone), `unsupported` (no MediaRecorder or no type it records). */
  | { phase: "unavailable"; reason: "refused" | "unsupported" };

/** The browser's parts the recorder uses; tests give their own. */
export interface RecorderEnvironment {
  MediaRecorder?: typeof MediaRecorder;
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  now: () => number;
  setInterval: (run: () => void, ms: number) => number;
  clearInterval: (id: number) => void;
}

function browserEnvironment(): RecorderEnvironment {
  const devices = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
  return {
    MediaRecorder: typeof MediaRecorder === "undefined" ? undefined : MediaRecorder,
    getUserMedia: devices?.getUserMedia ? (constraints) => devices.getUserMedia(constraints) : undefined,
    now: () => performance.now(),
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (id) => window.clearInterval(id),
  };
}

/** The first type this browser records, or null. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? null;
}

/** Whether this browser can record at all (before asking for the microphone). */
function canRecord(env: RecorderEnvironment): boolean {
  return Boolean(env.MediaRecorder && env.getUserMedia && pickRecordingType((type) => env.MediaRecorder!.isTypeSupported(type)));
}

export interface Recorder {
  state(): RecorderState;
  subscribe(listener: () => void): () => void;
  /** Asks for the microphone (the first time) and records; a recording kept before is dropped. */
  start(): Promise<void>;
  stop(): void;
  /** Drops the recording (or stops and drops one under way): back to idle. */
  discard(): void;
  /** Lets the microphone go. */
  dispose(): void;
}

const TICK_MS = 250;

export function createRecorder(env: RecorderEnvironment = browserEnvironment()): Recorder {
  let current: RecorderState = canRecord(env) ? { phase: "idle" } : { phase: "unavailable", reason: "unsupported" };
  const listeners = new Set<() => void>();
  let media: MediaRecorder | null = null;
  let stream: MediaStream | null = null;
  let timer: number | null = null;
  let startedAt = 0;
  /** Each recording's number: a late event of a dropped one changes nothing. */
  let take = 0;

  const set = (next: RecorderState) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    if (timer !== null) env.clearInterval(timer);
    timer = null;
  };
  const release = () => {
    for (const track of stream?.getTracks() ?? []) track.stop();
    stream = null;
  };
  const elapsed = () => Math.max(0, (env.now() - startedAt) / 1000);

  const stopAt = (atLimit: boolean) => {
    if (!media || current.phase !== "recording") return;
    stopTimer();
    const seconds = Math.min(MAX_RECORDING_SECONDS, elapsed());
    const recorder = media;
    const mine = take;
    const chunks = chunksOf.get(recorder) ?? [];
    recorder.addEventListener(
      "stop",
      () => {
        release();
        if (mine !== take) return;
        const type = recorder.mimeType || chunks[0]?.type || "";
        set({ phase: "recorded", blob: new Blob(chunks, { type }), seconds, atLimit });
      },
      { once: true },
    );
    recorder.stop();
  };

  const chunksOf = new WeakMap<MediaRecorder, Blob[]>();

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      if (current.phase === "asking" || current.phase === "recording" || !canRecord(env)) return;
      const mine = ++take;
      set({ phase: "asking" });
      try {
        stream ??= await env.getUserMedia!({ audio: true });
      } catch {
        if (mine === take) set({ phase: "unavailable", reason: "refused" });
        return;
      }
      if (mine !== take) return;
      const type = pickRecordingType((t) => env.MediaRecorder!.isTypeSupported(t))!;
      let recorder: MediaRecorder;
      try {
        recorder = new env.MediaRecorder!(stream, { mimeType: type });
      } catch {
        release();
        set({ phase: "unavailable", reason: "unsupported" });
        return;
      }
      const chunks: Blob[] = [];
      chunksOf.set(recorder, chunks);
      recorder.addEventListener("dataavailable", (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      });
      media = recorder;
      recorder.start(1000);
      startedAt = env.now();
      set({ phase: "recording", elapsed: 0 });
      timer = env.setInterval(() => {
        if (mine !== take) return;
        const seconds = elapsed();
        if (seconds >= MAX_RECORDING_SECONDS) stopAt(true);
        else set({ phase: "recording", elapsed: seconds });
      }, TICK_MS);
    },
    stop: () => stopAt(false),
    discard() {
      take++;
      stopTimer();
      if (media && media.state !== "inactive") media.stop();
      media = null;
      release();
      if (current.phase !== "unavailable") set({ phase: "idle" });
    },
    dispose() {
      take++;
      stopTimer();
      if (media && media.state !== "inactive") media.stop();
      media = null;
      release();
    },
  };
}
