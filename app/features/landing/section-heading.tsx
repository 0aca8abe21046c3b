import type { ReactNode } from "react";

/** The heading and intro of a landing section; `id` names the heading for aria-labelledby. */
export function SectionHeading({ id, title, intro, center = true }: { id: string; title: string; intro?: ReactNode; center?: boolean }) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-xl"}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</p>}
    </div>
  );
}
