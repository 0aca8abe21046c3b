// The root route: the site's stylesheet and the document every page renders in (site/document.tsx).
// The stylesheet is imported here, in the route's own file: the document's code goes into the file
// every page loads, which lazily loaded parts import too, and a stylesheet there would count as
// lazily loaded and be added to the page a second time (decision 134).
import "./app.css";

export { default, ErrorBoundary, HydrateFallback, Layout } from "./site/document";
