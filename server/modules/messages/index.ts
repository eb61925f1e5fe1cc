/** Messages from listeners: a visitor's written or voice message, the owner's inbox, the retention sweep. This file is the module's door: the rest of the server uses only what it exports. */
export { isMessageAudioBody, messagesRouter } from "./routes";
export { createMessagesService } from "./service";
export type { MessagesService } from "./service";
export { createAudioInspector } from "./audio-inspector";
