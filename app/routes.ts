import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home-redirect.tsx"),
  route(":lang", "routes/language.tsx", [
    layout("routes/public/layout.tsx", [
      index("routes/public/landing.tsx"),
      route("privacy-policy", "routes/public/privacy-policy.tsx"),
      route("imprint", "routes/public/imprint.tsx"),
      route("terms", "routes/public/terms.tsx"),
      route("*", "routes/public/not-found.tsx"),
    ]),
    route("sign-up", "routes/auth/sign-up.tsx"),
    route("sign-in", "routes/auth/sign-in.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("dashboard", "routes/account/dashboard.tsx"),
    route("teams/:teamId", "routes/account/team-profile.tsx"),
  ]),
] satisfies RouteConfig;
