import { useTranslation } from "react-i18next";
import { Avatar, avatarIndexForName } from "./avatar";
import { SectionHeading } from "./section-heading";

interface Testimonial {
  quote: string;
  author: string;
  role: string;
  company: string;
}

export function Testimonials() {
  const { t } = useTranslation("landing");
  const items = t("testimonials.items", { returnObjects: true }) as Testimonial[];
  return (
    <section aria-labelledby="testimonials-title" className="py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" title={t("testimonials.title")} />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.author}>
              <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <blockquote className="flex-1 leading-relaxed text-slate-700">
                  <p>{item.quote}</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={item.author} variant={avatarIndexForName(item.author)} size={44} />
                  <span>
                    <span className="block font-semibold text-slate-900">{item.author}</span>
                    <span className="block text-sm text-slate-600">
                      {item.role}, {item.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
