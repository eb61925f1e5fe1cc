/**
 * Debian's nginx with deploy/nginx/podcast-site.conf as shipped, for the deploy test and the
 * benchmark: only its ports, certificate, name and paths are swapped (each swap must match, so a
 * changed config fails loudly), and it runs in the foreground from a folder of its own.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT, sleep } from "../faults/lib";

export interface Nginx {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key };
}

/**
 * The shipped site config with this run's ports, certificate and name; each swap must match.
 * `b`: a second instance (the shipped file has it commented out).
 */
export function siteConfig(
  ports: { http: number; https: number; a: number; b?: number },
  cert: { cert: string; key: string },
  dir: string,
): string {
  let conf = fs.readFileSync(path.join(ROOT, "deploy/nginx/podcast-site.conf"), "utf8");
  const swap = (from: string | RegExp, to: string) => {
    const next = conf.replace(from, to);
    if (next === conf) throw new Error(`deploy/nginx/podcast-site.conf no longer has ${String(from)}: update this test with it`);
    conf = next;
  };
  // No IPv6 here: the [::] listens go (loopback IPv6 may be off on a CI machine).
  const lines = conf.split("\n");
  const v4 = lines.filter((line) => !line.trim().startsWith("listen [::]:"));
  if (v4.length === lines.length)
    throw new Error("deploy/nginx/podcast-site.conf no longer has its [::] listens: update this test with it");
  conf = v4.join("\n");
  swap("server 127.0.0.1:5000 ", `server 127.0.0.1:${ports.a} `);
  if (ports.b) swap("# server 127.0.0.1:5001 ", `server 127.0.0.1:${ports.b} `);
  swap("listen 80;", `listen 127.0.0.1:${ports.http};`);
  swap("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
  swap(/server_name podcast\.example\.com;/g, "server_name localhost;");
  swap("/etc/letsencrypt/live/podcast.example.com/fullchain.pem", cert.cert);
  swap("/etc/letsencrypt/live/podcast.example.com/privkey.pem", cert.key);
  swap("root /var/www/html;", `root ${path.join(dir, "acme")};`);
  swap("/var/cache/nginx/podcast-site", path.join(dir, "cache"));
  return conf;
}

/** `extra`: more of the `http` block (the benchmark adds a plain-HTTP proxy beside the TLS one). */
export async function startNginx(dir: string, site: string, extra = ""): Promise<Nginx> {
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  fs.mkdirSync(path.join(dir, "acme"));
  const main = `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
  ${extra}
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), main);
  const test = spawnSync("nginx", ["-t", "-q", "-e", path.join(dir, "error.log"), "-p", dir, "-c", path.join(dir, "nginx.conf")], {
    encoding: "utf8",
  });
  if (test.status !== 0) throw new Error(`nginx -t refused the config: ${test.stderr}`);
  const child = spawn("nginx", ["-e", path.join(dir, "error.log"), "-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  return {
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(10_000)]);
    },
  };
}
