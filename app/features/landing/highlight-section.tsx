import { useTranslation } from "react-i18next";
import { Icon } from "../../ui";
import { check } from "../../ui/icons/site";
import { SectionHeading } from "./section-heading";
import { useCycle } from "./use-cycle";

/** A text-and-picture section whose list highlights one item at a time (reports, invoices). */
export function HighlightSection({ name, image, reverse = false }: { name: "reports" | "invoices"; image: string; reverse?: boolean }) {
  const { t } = useTranslation("landing");
  const items = t(`${name}.items`, { returnObjects: true }) as string[];
  const active = useCycle(items.length);
  return (
    <section aria-labelledby={`${name}-title`} className="py-20">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div className={reverse ? "lg:order-2" : undefined}>
          <SectionHeading id={`${name}-title`} title={t(`${name}.title`)} intro={t(`${name}.text`)} center={false} />
          <ul className="mt-8 space-y-3">
            {items.map((item, i) => (
              <li
                key={item}
                data-highlighted={i === active}
                aria-current={i === active ? "true" : undefined}
                className="flex items-start gap-3 rounded-xl border border-transparent p-3 text-slate-700 transition-colors duration-300 data-[highlighted=true]:border-blue-200 data-[highlighted=true]:bg-blue-50 data-[highlighted=true]:text-slate-900 motion-reduce:transition-none"
              >
                <Icon icon={check} className="mt-0.5 size-5 shrink-0 text-blue-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <img
          src={image}
          alt={t(`${name}.imageAlt`)}
          width={640}
          height={480}
          loading="lazy"
          className="h-auto w-full rounded-2xl shadow-xl ring-1 ring-slate-200"
        />
      </div>
    </section>
  );
}
