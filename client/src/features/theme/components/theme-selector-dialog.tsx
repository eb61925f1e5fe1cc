import { useQuery } from "@tanstack/react-query";
import { cva } from "class-variance-authority";
import { useEffect, useState } from "react";
import {
  CUSTOM_THEME_BOUNDS,
  CUSTOM_THEME_DEFAULTS,
  DEFAULT_THEME_ID,
  PRESET_THEME_IDS,
  TWO_COLOR_DEFAULTS,
  type Theme,
} from "@shared/theme";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { toast, toastError } from "@/components/ui/toast-store";
import { siteThemeQueryOptions, useSaveTheme } from "../api";
import { applyBodyTheme, bodyTheme, NAMED_PALETTES } from "../theme-style";

/** A theme to pick: a preset tile, or the single-colour and two-colour rows; the picked one is outlined. */
const themeChoice = cva("rounded-lg border-2 p-1 text-sm font-semibold", {
  variants: {
    kind: { preset: "text-left", own: "flex w-full items-center gap-2" },
    selected: { true: "border-ink", false: "" },
  },
  compoundVariants: [
    { kind: "preset", selected: false, class: "border-transparent" },
    { kind: "own", selected: false, class: "border-line" },
  ],
});

type CustomTheme = Extract<Theme, { id: "custom" }>;
type TwoColorTheme = Extract<Theme, { id: "two-color" }>;
type SliderKey = keyof typeof CUSTOM_THEME_BOUNDS;

const SLIDERS: { key: SliderKey; label: string; unit: string }[] = [
  { key: "hue", label: "Hue", unit: "°" },
  { key: "saturation", label: "Saturation (dark end)", unit: "%" },
  { key: "lightDark", label: "Lightness (dark end)", unit: "%" },
  { key: "saturationLight", label: "Saturation (bright end)", unit: "%" },
  { key: "lightBright", label: "Lightness (bright end)", unit: "%" },
];

function themeLabel(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function gradientOf(theme: Theme): string {
  const { vars } = bodyTheme(theme);
  return `linear-gradient(135deg, ${vars["--bg-start"]}, ${vars["--bg-end"]})`;
}

/**
 * docs/product.md §2, §4: choosing applies the theme to <body> at once as a preview (the same applier
 * visitors run); only 'Apply Theme' saves it; Cancel or close puts the saved theme back.
 */
export function ThemeSelectorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const saved = useQuery(siteThemeQueryOptions()).data ?? null;
  const savedTheme: Theme = saved ?? { id: DEFAULT_THEME_ID };
  const [draft, setDraft] = useState<Theme>(savedTheme);
  const savedCustom = (): CustomTheme => (saved?.id === "custom" ? saved : { id: "custom", ...CUSTOM_THEME_DEFAULTS });
  const savedTwoColor = (): TwoColorTheme => (saved?.id === "two-color" ? saved : { id: "two-color", ...TWO_COLOR_DEFAULTS });
  const [custom, setCustom] = useState<CustomTheme>(savedCustom);
  const [twoColor, setTwoColor] = useState<TwoColorTheme>(savedTwoColor);
  const save = useSaveTheme();

  // Each opening starts from the saved theme, pickers and sliders included: a cancelled pick is gone.
  useEffect(() => {
    if (!open) return;
    setDraft(savedTheme);
    setCustom(savedCustom());
    setTwoColor(savedTwoColor());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const choose = (theme: Theme) => {
    setDraft(theme);
    if (theme.id === "custom") setCustom(theme);
    if (theme.id === "two-color") setTwoColor(theme);
    applyBodyTheme(document.body, theme);
  };

  const close = () => {
    applyBodyTheme(document.body, saved);
    onOpenChange(false);
  };

  const apply = () => {
    save.mutate(draft, {
      onSuccess: () => {
        toast({ title: "Theme saved", description: "New theme applied for all visitors" });
        onOpenChange(false);
      },
      onError: () => toastError("Failed to save theme"),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        title="Theme Selector - Dramatic Gradients"
        description="Pick a look; the page previews it. Visitors see it after you apply it."
        className="!w-[min(48rem,calc(100vw-2rem))]"
      >
        <fieldset>
          <legend className="font-bold">Presets</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
            {PRESET_THEME_IDS.map((id) => {
              const palette = NAMED_PALETTES[id]!;
              const isSelected = draft.id === id;
              return (
                <button
                  key={id}
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => choose({ id })}
                  className={themeChoice({ kind: "preset", selected: isSelected })}
                >
                  <span
                    aria-hidden="true"
                    className="block h-10 rounded-md"
                    style={{ backgroundImage: `linear-gradient(135deg, ${palette.start}, ${palette.end})` }}
                  />
                  <span className="mt-1 block">{themeLabel(id)}</span>
                </button>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <fieldset className="rounded-lg border border-line p-4">
            <legend className="px-1 font-bold">Single Colour</legend>
            <button
              type="button"
              aria-pressed={draft.id === "custom"}
              onClick={() => choose(custom)}
              className={themeChoice({ kind: "own", selected: draft.id === "custom" })}
            >
              <span aria-hidden="true" className="block h-8 w-16 rounded-md" style={{ backgroundImage: gradientOf(custom) }} />
              Use single colour
            </button>
            <div className="mt-3 space-y-3">
              {SLIDERS.map(({ key, label, unit }) => {
                const bounds = CUSTOM_THEME_BOUNDS[key];
                return (
                  <div key={key}>
                    <div className="flex justify-between text-sm">
                      <label htmlFor={`theme-${key}`} className="font-semibold">
                        {label}
                      </label>
                      <output htmlFor={`theme-${key}`}>
                        {custom[key]}
                        {unit}
                      </output>
                    </div>
                    <input
                      id={`theme-${key}`}
                      type="range"
                      className="w-full accent-ink"
                      min={bounds.min}
                      max={bounds.max}
                      step={bounds.step}
                      value={custom[key]}
                      onChange={(e) => choose({ ...custom, [key]: Number(e.target.value) })}
                    />
                  </div>
                );
              })}
            </div>
          </fieldset>

          <fieldset className="rounded-lg border border-line p-4">
            <legend className="px-1 font-bold">Two-Colour Gradient</legend>
            <button
              type="button"
              aria-pressed={draft.id === "two-color"}
              onClick={() => choose(twoColor)}
              className={themeChoice({ kind: "own", selected: draft.id === "two-color" })}
            >
              <span aria-hidden="true" className="block h-8 w-16 rounded-md" style={{ backgroundImage: gradientOf(twoColor) }} />
              Use two-colour gradient
            </button>
            <div className="mt-3 grid grid-cols-2 gap-3">
              {(["startColor", "endColor"] as const).map((key) => (
                <div key={key}>
                  <label htmlFor={`theme-${key}`} className="block text-sm font-semibold">
                    {key === "startColor" ? "Start colour" : "End colour"}
                  </label>
                  <input
                    id={`theme-${key}`}
                    type="color"
                    className="mt-1 h-11 w-full cursor-pointer rounded border border-ink-soft bg-white"
                    value={twoColor[key]}
                    onChange={(e) => choose({ ...twoColor, [key]: e.target.value })}
                  />
                  <span className="text-sm tabular-nums">{twoColor[key]}</span>
                </div>
              ))}
            </div>
          </fieldset>
        </div>

        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <button type="button" className="btn btn-ghost">
              Cancel
            </button>
          </DialogClose>
          <button type="button" className="btn" onClick={apply} disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Apply Theme"}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
