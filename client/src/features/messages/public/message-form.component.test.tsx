import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import MessageForm from "./message-form";

/**
 * The browser's recorder at its edge: MediaRecorder (each one made is kept, with the type it was
 * asked for) and the microphone. Stopping hands over one chunk of the asked type, as browsers do.
 */
class FakeMediaRecorder extends EventTarget {
  static supported: string[] = [];
  static made: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => FakeMediaRecorder.supported.includes(type);
  state: "inactive" | "recording" = "inactive";
  readonly mimeType: string;
  constructor(_stream: MediaStream, options: { mimeType: string }) {
    super();
    this.mimeType = options.mimeType;
    FakeMediaRecorder.made.push(this);
  }
  start() {
    this.state = "recording";
  }
  stop() {
    this.state = "inactive";
    const data = new Event("dataavailable") as Event & { data: Blob };
    data.data = new Blob(["voice"], { type: this.mimeType });
    this.dispatchEvent(data);
    this.dispatchEvent(new Event("stop"));
  }
}

const track = { stop: vi.fn() };
let getUserMedia: ReturnType<typeof vi.fn>;

function useBrowser({ supported = ["audio/webm;codecs=opus"], microphone = "allowed" as "allowed" | "refused", recorder = true } = {}) {
  FakeMediaRecorder.supported = supported;
  FakeMediaRecorder.made = [];
  if (recorder) vi.stubGlobal("MediaRecorder", FakeMediaRecorder);
  else vi.stubGlobal("MediaRecorder", undefined);
  getUserMedia = vi.fn(async () => {
    if (microphone === "refused") throw new DOMException("denied", "NotAllowedError");
    return { getTracks: () => [track] } as unknown as MediaStream;
  });
  Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
  URL.createObjectURL = vi.fn(() => "blob:recording");
  URL.revokeObjectURL = vi.fn();
}

/** The API: the consent setting is empty (the default sentence); anything about messages is refused. */
const fetchMock = vi.fn(async (url: string) =>
  url.startsWith("/api/settings/")
    ? new Response(JSON.stringify({ key: "messages_consent", value: "" }), { status: 200 })
    : new Response(JSON.stringify({ message: "refused", code: "VALIDATION" }), { status: 400 }),
);
/** What the form sent about a message (the challenge, the message, its recording). */
const sent = () => fetchMock.mock.calls.filter(([url]) => url.startsWith("/api/messages"));

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderForm(kind: "voice" | "text", onKindChange = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MessageForm kind={kind} episodeSlug={null} onKindChange={onKindChange} />
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
  return { onKindChange };
}

const button = (name: string) => screen.getByRole("button", { name });

describe("the voice message's recorder", () => {
  it("when the listener records, stops, records again and deletes, then the buttons follow each step and the microphone is asked only on 'Record'", async () => {
    useBrowser();
    renderForm("voice");
    expect(getUserMedia).not.toHaveBeenCalled();
    fireEvent.click(button("Record"));
    await screen.findByRole("button", { name: "Stop" });
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(screen.getByRole("timer").textContent).toMatch(/Recording 0:00 of 3:00/);
    fireEvent.click(button("Stop"));
    expect(await screen.findByText(/Your recording: 0:0\d/)).toBeTruthy();
    expect(button("Play back")).toBeTruthy();
    expect(track.stop).toHaveBeenCalled();

    fireEvent.click(button("Record again"));
    await screen.findByRole("button", { name: "Stop" });
    expect(FakeMediaRecorder.made).toHaveLength(2);
    fireEvent.click(button("Stop"));
    await screen.findByRole("button", { name: "Play back" });
    fireEvent.click(button("Delete recording"));
    expect(button("Record")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Play back" })).toBeNull();
  });

  it("when the listener switches to a written message while recording, then the recording stops and the microphone is let go", async () => {
    useBrowser();
    track.stop.mockClear();
    const client = createQueryClient();
    const form = (kind: "voice" | "text") => (
      <QueryClientProvider client={client}>
        <MessageForm kind={kind} episodeSlug={null} onKindChange={vi.fn()} />
      </QueryClientProvider>
    );
    const { rerender } = render(form("voice"), { wrapper: InEnglish });
    fireEvent.click(button("Record"));
    await screen.findByRole("button", { name: "Stop" });
    expect(FakeMediaRecorder.made[0]!.state).toBe("recording");
    rerender(form("text"));
    expect(FakeMediaRecorder.made[0]!.state).toBe("inactive");
    expect(track.stop).toHaveBeenCalled();
  });

  it("when a recording reaches 3 minutes, then it stops by itself and says why", async () => {
    useBrowser();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "performance"] });
    renderForm("voice");
    fireEvent.click(button("Record"));
    await screen.findByRole("button", { name: "Stop" });
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole("timer").textContent).toMatch(/Recording 1:01 of 3:00/);
    act(() => vi.advanceTimersByTime(120_000));
    expect(screen.getByText("Your recording: 3:00")).toBeTruthy();
    expect(screen.getByText("The recording stopped at 3:00, the longest a message can be.")).toBeTruthy();
    expect(FakeMediaRecorder.made[0]!.state).toBe("inactive");
  });

  it("when the browser records only AAC in MP4 (Safari), then the recorder asks for audio/mp4 after the Opus types", async () => {
    useBrowser({ supported: ["audio/mp4"] });
    renderForm("voice");
    fireEvent.click(button("Record"));
    await screen.findByRole("button", { name: "Stop" });
    expect(FakeMediaRecorder.made[0]!.mimeType).toBe("audio/mp4");
  });

  it("when the microphone is refused, then a sentence says so and offers the written message", async () => {
    useBrowser({ microphone: "refused" });
    const { onKindChange } = renderForm("voice");
    fireEvent.click(button("Record"));
    expect((await screen.findByRole("alert")).textContent).toMatch(/did not let this page use the microphone/);
    fireEvent.click(button("Write a message instead"));
    expect(onKindChange).toHaveBeenCalledWith("text");
  });

  it("when the browser has no MediaRecorder, then the page says it cannot record here and offers the written message, without asking for the microphone", () => {
    useBrowser({ recorder: false });
    renderForm("voice");
    expect(screen.getByRole("alert").textContent).toMatch(/cannot record audio here/);
    expect(button("Write a message instead")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Record" })).toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it("when 'Send' is pressed before anything was recorded, then it asks for the recording and sends nothing", async () => {
    useBrowser();
    renderForm("voice");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(button("Send"));
    expect(await screen.findByText("Record your message first.")).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});

describe("the written message's form", () => {
  it("when nothing is written and consent is not ticked, then both are asked for and nothing is sent", async () => {
    useBrowser();
    renderForm("text");
    fireEvent.click(button("Send"));
    expect(await screen.findByText("Write your message first.")).toBeTruthy();
    expect(screen.getByText("Tick the box to agree before sending.")).toBeTruthy();
    expect(screen.getByRole("checkbox").getAttribute("aria-invalid")).toBe("true");
    expect(sent()).toEqual([]);
  });

  it("when the message is longer than 2000 characters, then the counter shows it and the form says it is too long", async () => {
    useBrowser();
    renderForm("text");
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "a".repeat(2001) } });
    expect(screen.getByText("2001/2000")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(button("Send"));
    expect(await screen.findByText(/Your message is too long: at most 2000 characters/)).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it("when the e-mail is not an address, then the form says so; an empty one is fine", async () => {
    useBrowser();
    renderForm("text");
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.change(screen.getByLabelText("Your e-mail (optional)"), { target: { value: "not an address" } });
    fireEvent.click(button("Send"));
    expect(await screen.findByText(/This does not look like an e-mail address/)).toBeTruthy();
    expect(sent()).toEqual([]);
    fireEvent.change(screen.getByLabelText("Your e-mail (optional)"), { target: { value: "" } });
    expect(screen.queryByText(/This does not look like an e-mail address/)).toBeNull();
  });

  it("when the form is complete and the server refuses, then the server's own words are shown", async () => {
    useBrowser();
    renderForm("text");
    fireEvent.change(screen.getByLabelText("Your message"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(button("Send"));
    expect((await screen.findByText("refused")).getAttribute("role")).toBe("alert");
    expect(fetchMock).toHaveBeenCalledWith("/api/messages/challenge", expect.anything());
  });
});
