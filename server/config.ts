import path from "node:path";
import { z } from "zod";
import { trimEnd } from "es-toolkit/string";

const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  HOST: optionalString,
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  ADMIN_EMAIL: z.preprocess((v) => (v === "" ? undefined : v), z.email().optional()),
  ADMIN_PASSWORD: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(8, "must be at least 8 characters").max(1024).optional()),
  SESSION_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "must be at least 32 characters").optional()),
  PUBLIC_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url().optional()),
  STORAGE: z.enum(["local", "gcs"]).default("local"),
  GCS_BUCKET: optionalString,
  TRUST_PROXY: optionalString,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  FEED_SYNC_MINUTES: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
  ),
  FEED_ALLOW_PRIVATE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["0", "1", "true", "false"]).optional()),
  METRICS_PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65_535).optional()),
  CACHE_TTL_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0.1).max(3600).default(5)),
  ACCESS_LOG_SAMPLE: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1_000_000).default(100)),
  AUDITION_MAX_MB: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).default(1024)),
  AUDITION_QUOTA_GB: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0.001).max(1_000_000).default(20)),
  MESSAGES_KEEP_DAYS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(100_000).default(365)),
  MESSAGES_QUOTA_GB: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0.001).max(1_000_000).default(5)),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  sessionSecret?: string;
  publicUrl: string;
  storage: "local" | "gcs";
  gcsBucket?: string;
  trustProxy?: boolean | number | string;
  logLevel: string;
  /** How often the show's feed is synced by itself; 0 turns it off. */
  feedSyncMinutes: number;
  /** Whether other hosts may be read on loopback and private addresses (tests, intranet sites). */
  feedAllowPrivate: boolean;
  /** Where Prometheus reads the metrics, on 127.0.0.1 only; unset: no metrics server. */
  metricsPort?: number;
  /** How long visitors' reads are kept when no notice of a change arrives (the safety net). */
  cacheTtlMs: number;
  /** One in this many answers of the fast path is written to the log (0: none). */
  accessLogSample: number;
  /** The largest audition hand-in (AUDITION_MAX_MB), in bytes. */
  auditionMaxBytes: number;
  /** All audition hand-ins together, and the uploads under way (AUDITION_QUOTA_GB), in bytes. */
  auditionQuotaBytes: number;
  /** Listeners' messages are deleted with their files this many days after they arrived (MESSAGES_KEEP_DAYS). */
  messagesKeepDays: number;
  /** All voice messages' files together (MESSAGES_QUOTA_GB), in bytes. */
  messagesQuotaBytes: number;
}

export class ConfigError extends Error {}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The only reader of process.env (docs/style.md): parsed once, fails fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.STORAGE === "gcs" && !e.GCS_BUCKET) {
    throw new ConfigError("Invalid environment:\n  GCS_BUCKET: is required when STORAGE=gcs");
  }
  const publicUrl = trimEnd(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`, "/");
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Behind a proxy the app trusts X-Forwarded-For; reachable directly, anyone could forge it.
    // So unless told otherwise, it listens where only the proxy on this machine can reach it.
    host: e.HOST ?? (trustProxy !== undefined && trustProxy !== false && trustProxy !== 0 ? "127.0.0.1" : "0.0.0.0"),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET,
    publicUrl,
    storage: e.STORAGE,
    gcsBucket: e.GCS_BUCKET,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    feedSyncMinutes: e.FEED_SYNC_MINUTES,
    feedAllowPrivate: e.FEED_ALLOW_PRIVATE === "1" || e.FEED_ALLOW_PRIVATE === "true",
    metricsPort: e.METRICS_PORT,
    cacheTtlMs: Math.round(e.CACHE_TTL_SECONDS * 1000),
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    auditionMaxBytes: e.AUDITION_MAX_MB * 1024 * 1024,
    auditionQuotaBytes: Math.round(e.AUDITION_QUOTA_GB * 1024 ** 3),
    messagesKeepDays: e.MESSAGES_KEEP_DAYS,
    messagesQuotaBytes: Math.round(e.MESSAGES_QUOTA_GB * 1024 ** 3),
  };
}
