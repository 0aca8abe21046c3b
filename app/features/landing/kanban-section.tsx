import { lazy, Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { StaticBoard } from "./kanban-card";
import { INITIAL_BOARD } from "./kanban-data";
import { SectionHeading } from "./section-heading";
import { useInView } from "./use-in-view";

// The drag-and-drop library is only downloaded when the board comes near the viewport.
const KanbanDemo = lazy(() => import("./kanban-demo"));

export function KanbanSection() {
  const { t } = useTranslation("landing");
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const fallback = <StaticBoard board={INITIAL_BOARD} />;
  return (
    <section aria-labelledby="kanban-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="kanban-title" title={t("kanban.title")} intro={t("kanban.intro")} />
        <div ref={ref} className="mt-12">
          {inView ? <Suspense fallback={fallback}>{<KanbanDemo />}</Suspense> : fallback}
        </div>
        <p className="mt-4 text-center text-sm text-slate-500">{t("kanban.sample")}</p>
      </div>
    </section>
  );
}
