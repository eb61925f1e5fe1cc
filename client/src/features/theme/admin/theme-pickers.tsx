/** The two themes the owner makes: one colour shaded by sliders, or a gradient between two colours. */
import { cva } from "class-variance-authority";
import type { ReactNode } from "react";
import { CUSTOM_THEME_BOUNDS, type Theme } from "@shared/theme";
import { useAdminT, type AdminKey } from "@/lib/i18n";
import { bodyTheme } from "../theme-style";

/** A theme to pick: a preset tile, or the single-colour and two-colour rows; the picked one is outlined. */
export const themeChoice = cva("rounded-lg border-2 p-1 text-sm font-semibold", {
  variants: {
    kind: { preset: "text-start", own: "flex w-full items-center gap-2" },
    selected: { true: "border-ink", false: "" },
  },
  compoundVariants: [
    { kind: "preset", selected: false, class: "border-transparent" },
    { kind: "own", selected: false, class: "border-line" },
  ],
});

export type CustomTheme = Extract<Theme, { id: "custom" }>;
export type TwoColorTheme = Extract<Theme, { id: "two-color" }>;
type SliderKey = keyof typeof CUSTOM_THEME_BOUNDS;

/** Each slider's name, and its value with its unit ("220°", "45%"). */
const SLIDERS: { key: SliderKey; label: AdminKey; value: AdminKey }[] = [
  { key: "hue", label: "theme.hue", value: "theme.degrees" },
  { key: "saturation", label: "theme.saturationDark", value: "theme.percent" },
  { key: "lightDark", label: "theme.lightnessDark", value: "theme.percent" },
  { key: "saturationLight", label: "theme.saturationBright", value: "theme.percent" },
  { key: "lightBright", label: "theme.lightnessBright", value: "theme.percent" },
];

function gradientOf(theme: Theme): string {
  const { vars } = bodyTheme(theme);
  return `linear-gradient(135deg, ${vars["--bg-start"]}, ${vars["--bg-end"]})`;
}

interface PickerProps<T extends Theme> {
  theme: T;
  selected: boolean;
  onChoose: (theme: T) => void;
}

/** One of the owner's own themes: its swatch, a button that picks it as it is, and its controls. */
function OwnThemeFieldset<T extends Theme>({
  legend,
  pick,
  theme,
  selected,
  onChoose,
  children,
}: PickerProps<T> & { legend: string; pick: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-line p-4">
      <legend className="px-1 font-bold">{legend}</legend>
      <button type="button" aria-pressed={selected} onClick={() => onChoose(theme)} className={themeChoice({ kind: "own", selected })}>
        <span aria-hidden="true" className="block h-8 w-16 rounded-md" style={{ backgroundImage: gradientOf(theme) }} />
        {pick}
      </button>
      {children}
    </fieldset>
  );
}

/** The single-colour theme: its swatch to pick it, and sliders that pick and change it at once. */
export function SingleColourPicker({ theme: custom, selected, onChoose }: PickerProps<CustomTheme>) {
  const t = useAdminT();
  return (
    <OwnThemeFieldset
      legend={t("theme.singleColour")}
      pick={t("theme.useSingleColour")}
      theme={custom}
      selected={selected}
      onChoose={onChoose}
    >
      <div className="mt-3 space-y-3">
        {SLIDERS.map(({ key, label, value }) => {
          const bounds = CUSTOM_THEME_BOUNDS[key];
          return (
            <div key={key}>
              <div className="flex justify-between text-sm">
                <label htmlFor={`theme-${key}`} className="font-semibold">
                  {t(label)}
                </label>
                <output htmlFor={`theme-${key}`}>{t(value, { value: custom[key] })}</output>
              </div>
              <input
                id={`theme-${key}`}
                type="range"
                className="w-full accent-ink"
                min={bounds.min}
                max={bounds.max}
                step={bounds.step}
                value={custom[key]}
                onChange={(e) => onChoose({ ...custom, [key]: Number(e.target.value) })}
              />
            </div>
          );
        })}
      </div>
    </OwnThemeFieldset>
  );
}

/** The two-colour theme: its swatch to pick it, and its two colour inputs. */
export function TwoColourPicker({ theme: twoColor, selected, onChoose }: PickerProps<TwoColorTheme>) {
  const t = useAdminT();
  return (
    <OwnThemeFieldset legend={t("theme.twoColour")} pick={t("theme.useTwoColour")} theme={twoColor} selected={selected} onChoose={onChoose}>
      <div className="mt-3 grid grid-cols-2 gap-3">
        {(["startColor", "endColor"] as const).map((key) => (
          <div key={key}>
            <label htmlFor={`theme-${key}`} className="block text-sm font-semibold">
              {key === "startColor" ? t("theme.startColour") : t("theme.endColour")}
            </label>
            <input
              id={`theme-${key}`}
              type="color"
              className="mt-1 h-11 w-full cursor-pointer rounded border border-ink-soft bg-white"
              value={twoColor[key]}
              onChange={(e) => onChoose({ ...twoColor, [key]: e.target.value })}
            />
            <span className="text-sm tabular-nums">{twoColor[key]}</span>
          </div>
        ))}
      </div>
    </OwnThemeFieldset>
  );
}
