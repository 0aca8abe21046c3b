import type { ComponentProps, ReactElement } from "react";
import type { ISLANDS, IslandName } from "./registry";

type PropsOf<N extends IslandName> = ComponentProps<Awaited<ReturnType<(typeof ISLANDS)[N]>>>;

/**
 * An interactive part of the landing page (decision 157): its component rendered into the
 * prerendered page as everywhere, inside an element the islands entry finds and hydrates on its
 * own, with the same props (serialisable, carried in `data-props`). `display: contents` keeps the
 * wrapper out of the layout. On pages that hydrate with React Router it is a plain element.
 */
export function Island<N extends IslandName>({ name, props, children }: { name: N; props?: PropsOf<N>; children: ReactElement }) {
  return (
    <div data-island={name} data-props={props ? JSON.stringify(props) : undefined} style={{ display: "contents" }}>
      {children}
    </div>
  );
}
