// The flags Node runs the server with, wherever it starts: `npm start` (package.json), the systemd
// unit (deploy/systemd/podcast-site.service), and the scripts that start it for tests and the
// benchmark. A test (server/server-flags.test.ts) holds the first two to this list.
//
// --max-semi-space-size=16: V8 sizes the young generation from the machine's memory, up to
// 64 MB a half (128 MB in all) on a large machine, and keeps what it has touched: an idle server
// then holds about 120 MB more than it needs, and a burst of requests leaves its high-water mark
// behind. 16 MB a half (V8's long-standing default on 64-bit machines) is ample for requests
// whose garbage is short-lived, and makes the memory the same on every host.
//
// --expose-gc: lets the server give back what a burst left behind once it is quiet, when V8's
// own memory reducer has stopped looking (server/platform/runtime/memory-reducer.ts). Nothing else calls it.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=16", "--expose-gc"];
