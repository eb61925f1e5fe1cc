import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A sound server with no speakers (PulseAudio's null sink), as a listener's machine has a sound
 * card: Firefox without one reports every play as failed (OnMediaSinkAudioError) while the
 * audio runs on, and ALSA's null device plays a minute in a blink. The null sink keeps time.
 * PulseAudio refuses to run as root, so as root it runs as `nobody`, in a folder of its own.
 */
export async function startNullSink(): Promise<{ server: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-sound-"));
  fs.chmodSync(dir, 0o755);
  const isRoot = process.getuid?.() === 0;
  if (isRoot) fs.chownSync(dir, 65534, 65534);
  const socket = path.join(dir, "native");
  const args = [
    "-n",
    "--daemonize=no",
    "--exit-idle-time=-1",
    "--use-pid-file=no",
    "--load=module-null-sink sink_name=quiet",
    `--load=module-native-protocol-unix socket=${socket} auth-anonymous=1`,
  ];
  // runuser sets the user's own HOME: env sets it back to the folder.
  const command = ["env", `HOME=${dir}`, `XDG_RUNTIME_DIR=${dir}`, "pulseaudio", ...args];
  const child: ChildProcess = isRoot
    ? spawn("runuser", ["-u", "nobody", "--", ...command], { stdio: "ignore" })
    : spawn(command[0]!, command.slice(1), { stdio: "ignore" });
  const stop = () => {
    child.kill("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error("PulseAudio did not start (scripts/ensure-engines.sh installs it)");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { server: `unix:${socket}`, stop };
}
