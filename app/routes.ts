import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { APP_SHELL_PAGES, PAGES, type PageDef } from "../core/pages";

// Every page comes from PAGES: public ones inside the public layout (the not-found page last),
// account pages beside it, then the client-rendered routes with parameters.
const pageRoute = (page: PageDef) => (page.path ? route(page.path, page.file) : index(page.file));

export default [
  index("routes/home-redirect.tsx"),
  route(":lang", "routes/language.tsx", [
    layout("routes/public/layout.tsx", [
      ...PAGES.filter((p) => p.audience === "public").map(pageRoute),
      route("*", "routes/public/not-found.tsx"),
    ]),
    ...PAGES.filter((p) => p.audience === "account").map(pageRoute),
    ...APP_SHELL_PAGES.map((p) => route(p.path, p.file)),
  ]),
] satisfies RouteConfig;
