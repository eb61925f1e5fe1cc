/** The flags Node runs the server with (see server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
