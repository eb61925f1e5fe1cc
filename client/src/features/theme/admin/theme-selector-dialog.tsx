import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CUSTOM_THEME_DEFAULTS, DEFAULT_THEME_ID, PRESET_THEME_IDS, TWO_COLOR_DEFAULTS, type Theme } from "@shared/theme";
import { useAdminT, type AdminKey } from "@/lib/i18n";
import { Dialog, DialogClose, DialogContent } from "@/components/ui/dialog";
import { BusyButton } from "@/components/ui/form-actions";
import { SavedDataStatus, useSavedDataState } from "@/components/admin/ui/saved-data-status";
import { toast, toastError } from "@/components/ui/toast-store";
import { siteThemeQueryOptions } from "../api";
import { useSaveTheme } from "./mutations";
import { applyBodyTheme, NAMED_PALETTES } from "../theme-style";
import { SingleColourPicker, themeChoice, TwoColourPicker, type CustomTheme, type TwoColorTheme } from "./theme-pickers";

/** Each preset's name. */
const PRESET_NAMES: Record<(typeof PRESET_THEME_IDS)[number], AdminKey> = {
  "medical-clean": "theme.presetMedicalClean",
  "deep-ocean": "theme.presetDeepOcean",
  "forest-depth": "theme.presetForestDepth",
  "sage-wisdom": "theme.presetSageWisdom",
  "warm-terra": "theme.presetWarmTerra",
  "fire-orange": "theme.presetFireOrange",
  "electric-blue": "theme.presetElectricBlue",
  "neon-green": "theme.presetNeonGreen",
  "royal-purple": "theme.presetRoyalPurple",
  "crimson-red": "theme.presetCrimsonRed",
};

/**
 * docs/product.md §2, §4: choosing applies the theme to <body> at once as a preview (the same applier
 * visitors run); only 'Apply Theme' saves it; Cancel or close puts the saved theme back. Each
 * opening asks for the saved theme afresh and offers choices only once it has arrived: the page's
 * copy may be older than another tab's save, and the default theme must never be applied in its
 * place (docs/product.md "The owner's work").
 */
export function ThemeSelectorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  const t = useAdminT();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent title={t("theme.dialogTitle")} description={t("theme.dialogDescription")} className="!w-[min(48rem,calc(100vw-2rem))]">
        <SavedThemeChoices onClose={close} />
      </DialogContent>
    </Dialog>
  );
}

/** Closes the dialog without applying anything (the theme on the page goes back to the saved one). */
function CancelButton() {
  const t = useAdminT();
  return (
    <DialogClose asChild>
      <button type="button" className="btn btn-ghost">
        {t("theme.cancel")}
      </button>
    </DialogClose>
  );
}

/** The dialog's body, mounted at each opening: the choices once the saved theme is here. */
function SavedThemeChoices({ onClose }: { onClose: () => void }) {
  const t = useAdminT();
  const query = useQuery({ ...siteThemeQueryOptions(), refetchOnMount: "always" });
  const state = useSavedDataState(query, { fresh: true });
  if (state === "ready") return <ThemeChoices saved={query.data ?? null} onClose={onClose} />;
  return (
    <>
      <SavedDataStatus query={query} state={state} failed={t("theme.loadFailed")} />
      <div className="mt-6 flex justify-end">
        <CancelButton />
      </div>
    </>
  );
}

function ThemeChoices({ saved, onClose }: { saved: Theme | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Theme>(saved ?? { id: DEFAULT_THEME_ID });
  const [custom, setCustom] = useState<CustomTheme>(() => (saved?.id === "custom" ? saved : { id: "custom", ...CUSTOM_THEME_DEFAULTS }));
  const [twoColor, setTwoColor] = useState<TwoColorTheme>(() =>
    saved?.id === "two-color" ? saved : { id: "two-color", ...TWO_COLOR_DEFAULTS },
  );
  const save = useSaveTheme();
  const t = useAdminT();
  // However the dialog closes (Cancel, Escape, the close button), a preview not applied goes: the
  // theme saved when it opened comes back (not the one a save puts in the cache as it closes).
  const [opened] = useState(saved);
  const isSaved = useRef(false);
  useEffect(
    () => () => {
      if (!isSaved.current) applyBodyTheme(document.body, opened);
    },
    [opened],
  );

  const choose = (theme: Theme) => {
    setDraft(theme);
    if (theme.id === "custom") setCustom(theme);
    if (theme.id === "two-color") setTwoColor(theme);
    applyBodyTheme(document.body, theme);
  };

  const apply = () => {
    save.mutate(draft, {
      onSuccess: () => {
        isSaved.current = true;
        toast({ title: t("theme.saved"), description: t("theme.savedDescription") });
        onClose();
      },
      onError: () => toastError(t("theme.saveFailed")),
    });
  };

  return (
    <>
      <fieldset>
        <legend className="font-bold">{t("theme.presets")}</legend>
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
                <span className="mt-1 block">{t(PRESET_NAMES[id])}</span>
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
        <CancelButton />
        <BusyButton onClick={apply} isPending={save.isPending} busyLabel={t("theme.saving")}>
          {t("theme.apply")}
        </BusyButton>
      </div>
    </>
  );
}
