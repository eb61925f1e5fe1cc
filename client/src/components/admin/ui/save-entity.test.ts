import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { AdminKey, Translate } from "@/lib/i18n";
import { englishI18n } from "@/test/language";

const shown: { title: string; description?: string }[] = [];
vi.mock("@/components/ui/toast-store", () => ({
  toast: (t: { title: string; description?: string }) => shown.push(t),
  toastError: (description: string) => shown.push({ title: "Error", description }),
}));
const { saveEntity } = await import("./save-entity");
const i18n = englishI18n();
const t: Translate<AdminKey> = (key, values) => i18n._(key, values);

const succeed = { mutate: (_: unknown, h: { onSuccess: () => void }) => h.onSuccess() };
const noForm = { getValues: () => ({}), setError: () => {} };
const fail = (error: Error) => ({ mutate: (_: unknown, h: { onError: (e: Error) => void }) => h.onError(error) });

describe("saveEntity", () => {
  it("when a new item is saved, then the spec's 'added' toast shows and the form resets", () => {
    shown.length = 0;
    const onSaved = vi.fn();
    saveEntity({ t, noun: "clip", editingId: null, form: noForm, input: {}, create: succeed, update: succeed, onSaved });
    expect(shown).toEqual([{ title: "Clip added", description: "The clip has been added successfully" }]);
    expect(onSaved).toHaveBeenCalled();
  });

  it("when an edit fails, then 'Failed to update {noun}' shows and the error reaches the form", () => {
    shown.length = 0;
    const form = { getValues: () => ({ title: "" }), setError: vi.fn() };
    const error = new ApiError(400, { message: "Invalid", errors: [{ path: "title", message: "is required" }] });
    saveEntity({ t, noun: "episode", editingId: 3, form, input: {}, create: succeed, update: fail(error), onSaved: () => {} });
    expect(shown).toEqual([{ title: "Error", description: "Failed to update episode" }]);
    expect(form.setError).toHaveBeenLastCalledWith("title", { type: "server", message: "is required" }, { shouldFocus: true });
  });

  it("when a provider is updated, then the texts name the provider", () => {
    shown.length = 0;
    saveEntity({ t, noun: "provider", editingId: 1, form: noForm, input: {}, create: succeed, update: succeed, onSaved: () => {} });
    expect(shown).toEqual([{ title: "Provider updated", description: "The provider has been updated successfully" }]);
  });
});
