import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CUSTOM_THEME_DEFAULTS, DEFAULT_THEME_ID, PRESET_THEME_IDS, TWO_COLOR_DEFAULTS, type Theme } from "@shared/theme";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { siteThemeQueryOptions } from "../api";
import { useSaveTheme } from "../mutations";
import { applyBodyTheme, NAMED_PALETTES } from "../theme-style";
import { SingleColourPicker, themeChoice, TwoColourPicker, type CustomTheme, type TwoColorTheme } from "./theme-pickers";

function themeLabel(id: string): string {
  return id
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
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
          <SingleColourPicker theme={custom} selected={draft.id === "custom"} onChoose={choose} />
          <TwoColourPicker theme={twoColor} selected={draft.id === "two-color"} onChoose={choose} />
        </div>

        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <button type="button" className="btn btn-ghost">
              Cancel
            </button>
          </DialogClose>
          <BusyButton onClick={apply} isPending={save.isPending} busyLabel="Saving...">
            Apply Theme
          </BusyButton>
        </div>
      </DialogContent>
    </Dialog>
  );
}
