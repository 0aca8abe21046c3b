import { useTranslation } from "react-i18next";
import { Icon } from "../../ui";
import { check } from "../../ui/icons/site";

export function Benefits() {
  const { t } = useTranslation("landing");
  const items = t("benefits.items", { returnObjects: true }) as { title: string; text: string }[];
  return (
    <section aria-labelledby="benefits-title" className="bg-slate-900 py-20 text-white">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          {t("benefits.title")}
        </h2>
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.title} className="flex gap-4">
              <span className="grid size-9 shrink-0 place-items-center rounded-full bg-blue-500/20 text-blue-300">
                <Icon icon={check} className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 leading-relaxed text-slate-300">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
