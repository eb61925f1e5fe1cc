// After `vite build`: a brotli (.br) and a gzip (.gz) copy of every compressible file in
// dist/client, made once at build time so the server never compresses per request.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../dist/client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|webmanifest)$/;
let files = 0;
const visit = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) visit(full);
    else if (COMPRESSIBLE.test(entry.name) && entry.name !== "index.html") {
      const data = fs.readFileSync(full);
      if (data.length < 512) continue;
      fs.writeFileSync(full + ".br", zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(full + ".gz", zlib.gzipSync(data, { level: 9 }));
      files++;
    }
  }
};
visit(root);
console.log(`compressed ${files} files (brotli, gzip)`);
