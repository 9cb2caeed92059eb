import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("preferences/theme", "routes/preferences.theme.ts"),
  // Last: any unknown path. It also makes the middleware run, so the 404
  // page is translated like every other page.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
