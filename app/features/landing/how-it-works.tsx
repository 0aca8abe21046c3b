import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionHeading } from "./section-heading";

interface Block {
  title: string;
  steps: { title: string; text: string }[];
}

/** Two blocks of three steps; the picture beside them follows the step being read. */
export function HowItWorks() {
  const { t } = useTranslation("landing");
  const blocks = t("howItWorks.blocks", { returnObjects: true }) as Block[];
  const alts = t("howItWorks.imageAlts", { returnObjects: true }) as string[];
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-it-works-title" title={t("howItWorks.title")} intro={t("howItWorks.intro")} />
        {blocks.map((block, b) => (
          <StepBlock key={block.title} block={block} offset={b * 3} alts={alts} />
        ))}
      </div>
    </section>
  );
}

function StepBlock({ block, offset, alts }: { block: Block; offset: number; alts: string[] }) {
  const [active, setActive] = useState(0);
  const steps = useRef<(HTMLLIElement | null)[]>([]);
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.step));
      },
      { rootMargin: "-45% 0px -45% 0px" },
    );
    for (const el of steps.current) if (el) observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="mt-16 grid gap-10 lg:grid-cols-2 lg:gap-16">
      <div>
        <h3 className="text-2xl font-semibold text-slate-900">{block.title}</h3>
        <ol className="mt-6 space-y-6 lg:space-y-24 lg:pb-24">
          {block.steps.map((step, i) => (
            <li
              key={step.title}
              ref={(el) => {
                steps.current[i] = el;
              }}
              data-step={i}
              data-active={active === i}
              className="rounded-2xl border border-slate-200 p-6 transition-colors data-[active=true]:border-blue-300 data-[active=true]:bg-blue-50/60 motion-reduce:transition-none"
            >
              <p className="flex items-center gap-3 text-lg font-semibold text-slate-900">
                <span aria-hidden="true" className="grid size-8 place-items-center rounded-full bg-blue-600 text-sm text-white">
                  {offset + i + 1}
                </span>
                {step.title}
              </p>
              <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
              <img
                src={`/illustrations/step-${offset + i + 1}.svg`}
                alt={alts[offset + i]}
                width={560}
                height={420}
                loading="lazy"
                className="mt-4 h-auto w-full rounded-xl ring-1 ring-slate-200 lg:hidden"
              />
            </li>
          ))}
        </ol>
      </div>
      <div className="relative hidden lg:block">
        <div className="sticky top-28 aspect-[4/3]">
          {block.steps.map((step, i) => (
            <img
              key={step.title}
              src={`/illustrations/step-${offset + i + 1}.svg`}
              alt={active === i ? alts[offset + i] : ""}
              aria-hidden={active !== i}
              width={560}
              height={420}
              loading="lazy"
              className="absolute inset-0 h-full w-full rounded-2xl shadow-lg ring-1 ring-slate-200 transition-opacity duration-500 motion-reduce:transition-none"
              style={{ opacity: active === i ? 1 : 0 }}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
