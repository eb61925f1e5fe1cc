export const paths = {
  home: "/",
  about: "/about",
  listen: "/listen",
  editors: "/editors",
  clip: (slug: string) => `/clips/${encodeURIComponent(slug)}`,
} as const;
