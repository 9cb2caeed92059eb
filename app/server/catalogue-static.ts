// How the exercise catalogue files (public/data/exo/{kind}.json) are served:
// they change only with a release, so browsers and proxies keep them a day
// and may serve a stale copy for a week while they revalidate by ETag.
import type { ServeStaticOptions } from "serve-static";

export const CATALOGUE_URL_PATH = "/data/exo";
export const CATALOGUE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

export const catalogueStaticOptions: ServeStaticOptions = {
  index: false,
  etag: true,
  lastModified: true,
  // serve-static can only write "public, max-age=…": the header is set below instead.
  cacheControl: false,
  setHeaders: (res) => res.setHeader("Cache-Control", CATALOGUE_CACHE_CONTROL),
};
