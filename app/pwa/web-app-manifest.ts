// One web app manifest per language (/manifest.<language>.webmanifest): the
// name and description in that language, everything else the same, so the
// installed app is one app whatever the language it was installed in.
import { APP_ICONS, BACKGROUND_COLOR, START_URL, THEME_COLOR } from "./addresses.ts";
import type { OfflineTexts } from "./offline-texts.ts";

export function webAppManifest(language: string, texts: OfflineTexts["manifest"]) {
  return {
    // The app's identity: the same in every language (it would otherwise be the start URL anyway).
    id: START_URL,
    lang: language,
    dir: "ltr",
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    start_url: START_URL,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: APP_ICONS.map((icon) => ({
      src: icon.path,
      sizes: `${icon.size}x${icon.size}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}
