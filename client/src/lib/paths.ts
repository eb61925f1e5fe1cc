export const paths = {
  home: "/",
  about: "/about",
  listen: "/listen",
  editors: "/editors",
  clip: (slug: string) => `/clips/${encodeURIComponent(slug)}`,
  admin: "/admin",
  adminProviders: "/providers",
  adminEpisodes: "/episodes",
  adminClips: "/admin/clips",
  adminEditors: "/admin/editors",
} as const;
