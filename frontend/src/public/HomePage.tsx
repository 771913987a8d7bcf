import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/Button';
import { useSiteContent } from './content';
import { PublicLayout } from './PublicLayout';
import { SERVICES } from './services';

const CLAIMS = [
  { figure: '500+', label: 'Systems installed' },
  { figure: '24/7', label: 'Support' },
  { figure: '1-year', label: 'Warranty' },
  { figure: 'Statewide', label: 'Coverage' },
] as const;

/** Four picture tiles of the hero; drawn, so the page loads nothing it does not need. */
const PICTURES = [
  { caption: 'Security cameras', from: 'from-slate-700', to: 'to-blue-900', icon: 'M4 8h11l5-3v14l-5-3H4z' },
  {
    caption: 'Starlink dish',
    from: 'from-sky-800',
    to: 'to-indigo-950',
    icon: 'M5 19a9 9 0 0 1 14-11M8 16l4-4M12 20h8',
  },
  { caption: 'Websites', from: 'from-emerald-800', to: 'to-teal-950', icon: 'M3 5h18v12H3zM8 21h8M12 17v4' },
  { caption: 'Across Alaska', from: 'from-blue-800', to: 'to-slate-950', icon: 'M2 20l7-12 4 6 3-4 6 10z' },
] as const;

export function HomePage() {
  const content = useSiteContent();
  return (
    <PublicLayout>
      <section className="bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 px-4 py-16 md:grid-cols-2">
          <div>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">
              {content.companyTitle}
            </h1>
            <p className="mt-3 text-xl text-slate-800">{content.companySubtitle}</p>
            <p className="mt-4 text-slate-700" data-testid="hero-description">
              {content.heroDescription}
            </p>
            <Link to="/schedule" className={buttonClass('primary', 'mt-8 px-6 py-3 text-base')}>
              Get Started Today
            </Link>
          </div>
          <ul className="grid grid-cols-2 gap-3" aria-label="Our work">
            {PICTURES.map((picture) => (
              <li
                key={picture.caption}
                className={`flex aspect-[4/3] flex-col items-center justify-center rounded-lg bg-gradient-to-br ${picture.from} ${picture.to} p-4 text-white`}
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="size-10"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.5"
                >
                  <path d={picture.icon} />
                </svg>
                <span className="mt-2 text-sm font-medium">{picture.caption}</span>
              </li>
            ))}
          </ul>
        </div>
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-4 px-4 pb-12 md:grid-cols-4">
          {CLAIMS.map((claim) => (
            <div key={claim.label} className="rounded-lg border border-slate-200 bg-white p-4 text-center">
              <dt className="text-sm text-slate-700">{claim.label}</dt>
              <dd className="text-2xl font-bold text-blue-800">{claim.figure}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="services-heading">
        <h2 id="services-heading" className="text-center text-3xl font-bold">
          Our Core Services
        </h2>
        <p className="mx-auto mt-3 max-w-3xl text-center text-slate-700">{content.servicesDescription}</p>
        <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {SERVICES.map((service) => (
            <article
              key={service.title}
              className="flex flex-col rounded-lg border border-slate-200 p-6 shadow-sm"
            >
              <h3 className="text-xl font-semibold">{service.title}</h3>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {service.features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span aria-hidden="true" className="text-blue-700">
                      ✓
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              {/* The service's name in the link's own text (read aloud, and by search engines), not only in a label. */}
              <Link to="/schedule" className={buttonClass('outline', 'mt-6')}>
                Learn More<span className="sr-only"> about {service.title}</span>
              </Link>
            </article>
          ))}
        </div>
      </section>

      <section className="bg-blue-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h2 className="text-3xl font-bold">Ready to Get Started?</h2>
          <p className="mt-3 text-blue-50">
            We'll contact you within 24 hours to plan your free consultation.
          </p>
          <Link
            to="/schedule"
            className="mt-6 inline-block rounded-md bg-white px-6 py-3 font-semibold text-blue-900 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            Schedule Free Consultation
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
