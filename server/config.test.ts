import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("loadConfig", () => {
  it("when nothing is set, then the defaults of docs/product.md apply", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 5000, host: "0.0.0.0", storage: "local", publicUrl: "http://localhost:5000" });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });
  it("when values are invalid, then it fails fast naming each one", () => {
    expect(() => loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope" })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope" });
    } catch (err) {
      expect((err as Error).message).toMatch(/PORT/);
      expect((err as Error).message).toMatch(/DATABASE_URL/);
      expect((err as Error).message).toMatch(/ADMIN_EMAIL/);
    }
  });
  it("when the operations settings are given, then the metrics port, the cache's safety net and the log sample follow them", () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, cacheTtlMs: 5_000, accessLogSample: 100 });
    expect(loadConfig({ METRICS_PORT: "9464", CACHE_TTL_SECONDS: "60", ACCESS_LOG_SAMPLE: "0" })).toMatchObject({
      metricsPort: 9464,
      cacheTtlMs: 60_000,
      accessLogSample: 0,
    });
    expect(() => loadConfig({ METRICS_PORT: "0" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ CACHE_TTL_SECONDS: "-1" })).toThrow(/CACHE_TTL_SECONDS/);
  });
  it("when the audition limits are set, then they are taken in MB and GB; by default 1024 MB a file and 20 GB in all", () => {
    expect(loadConfig({})).toMatchObject({ auditionMaxBytes: 1024 * 1024 * 1024, auditionQuotaBytes: 20 * 1024 ** 3 });
    expect(loadConfig({ AUDITION_MAX_MB: "200", AUDITION_QUOTA_GB: "0.5" })).toMatchObject({
      auditionMaxBytes: 200 * 1024 * 1024,
      auditionQuotaBytes: 512 * 1024 * 1024,
    });
    expect(() => loadConfig({ AUDITION_MAX_MB: "0" })).toThrow(/AUDITION_MAX_MB/);
    expect(() => loadConfig({ AUDITION_QUOTA_GB: "lots" })).toThrow(/AUDITION_QUOTA_GB/);
  });
  it("when STORAGE=gcs has no bucket, then it fails; PUBLIC_URL loses a trailing slash", () => {
    expect(() => loadConfig({ STORAGE: "gcs" })).toThrow(/GCS_BUCKET/);
    expect(loadConfig({ PUBLIC_URL: "https://show.example/" }).publicUrl).toBe("https://show.example");
  });
  it("when TRUST_PROXY is set without HOST, then the app listens on 127.0.0.1 only, where no client can forge X-Forwarded-For", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).host).toBe("127.0.0.1");
    expect(loadConfig({ TRUST_PROXY: "1", HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({}).host).toBe("0.0.0.0");
  });
  it("when TRUST_PROXY says to trust no proxy (false, 0), then the app listens on every address as without it", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).host).toBe("0.0.0.0");
    expect(loadConfig({ TRUST_PROXY: "0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ TRUST_PROXY: "loopback" }).host).toBe("127.0.0.1");
  });
  it("when SMTP_URL is not an smtp:// or smtps:// URL, then it fails naming it; unset, no e-mail is configured", () => {
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Show <show@example.com>" })).toMatchObject({
      smtpUrl: "smtps://u:p@mail.example.com:465",
      mailFrom: "Show <show@example.com>",
    });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: "Show\r\nBcc: x@example.com" })).toThrow(/MAIL_FROM/);
  });
});
