import { Link } from '@tanstack/react-router';
import { buttonClass } from '../ui/Button';
import { useSiteContent } from './content';
import { PublicLayout } from './PublicLayout';
import { SERVICES } from './services';

export function AboutPage() {
  const content = useSiteContent();
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h1 className="text-4xl font-bold">About {content.companyTitle}</h1>
        <p className="mt-4 text-lg text-slate-800">{content.companySubtitle}</p>
        <p className="mt-4 text-slate-700">{content.heroDescription}</p>
        <p className="mt-4 text-slate-700">{content.servicesDescription}</p>
        <h2 className="mt-10 text-2xl font-semibold">What we do</h2>
        <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700">
          {SERVICES.map((service) => (
            <li key={service.title}>{service.title}</li>
          ))}
        </ul>
        <p className="mt-8 text-slate-700">
          Based in {content.address || 'Alaska'}, we serve homes and businesses statewide.
        </p>
        <Link to="/schedule" className={buttonClass('primary', 'mt-8')}>
          Schedule Free Consultation
        </Link>
      </div>
    </PublicLayout>
  );
}
