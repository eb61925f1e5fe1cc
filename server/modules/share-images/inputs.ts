import type { Clip, Episode } from "../../../shared/api";
import { siteLanguageOf } from "../../../shared/languages";
import { ellipsize } from "../../../shared/strings";
import { translator } from "../languages";
import type { Site } from "../pages";
import type { ShareImageInput } from "./draw";
import { QUOTE_MARK } from "./quote-mark";

/** What every card of the site carries: its theme and language, and the language's quotation marks. */
function cardOf(site: Site) {
  const language = siteLanguageOf(site.values.site_language);
  const { t } = translator(language);
  return { t, common: { theme: site.theme, language, quoteWords: t("shareCard.quote", { quote: QUOTE_MARK }) } };
}

/** A clip's share image: its key quote (or title) in the site's theme. */
export const clipShareInput = (clip: Clip, site: Site): ShareImageInput => {
  const { t, common } = cardOf(site);
  return {
    headline: ellipsize(clip.keyQuote || clip.title, 200),
    isQuote: !!clip.keyQuote,
    footer: ellipsize(t("shareCard.clipFooter", { show: site.name, title: clip.title }), 70),
    ...common,
  };
};

/** An episode's share image: its title, and the show's name with its number when it has one. */
export const episodeShareInput = (episode: Episode, site: Site): ShareImageInput => {
  const { t, common } = cardOf(site);
  const footer =
    episode.episodeNumber !== null ? t("shareCard.episodeFooter", { show: site.name, number: episode.episodeNumber }) : site.name;
  return { headline: ellipsize(episode.title, 200), isQuote: false, footer: ellipsize(footer, 70), ...common };
};

/** The site's own share image: its name and description. */
export const siteShareInput = (site: Site): ShareImageInput => ({
  headline: site.name,
  isQuote: false,
  footer: ellipsize(site.description, 80),
  ...cardOf(site).common,
});
