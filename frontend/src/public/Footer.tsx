import { Link } from '@tanstack/react-router';
import { useSiteContent } from './content';
import { SERVICES } from './services';

export function Footer() {
  const content = useSiteContent();
  return (
    <footer className="bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="text-lg font-semibold text-white">{content.companyTitle}</p>
          <p className="mt-2 text-sm">{content.companySubtitle}</p>
          <address className="mt-4 space-y-1 text-sm not-italic" data-testid="footer-contact">
            {content.contactPhone && (
              <p>
                <a className="underline" href={`tel:${content.contactPhone.replace(/[^\d+]/g, '')}`}>
                  {content.contactPhone}
                </a>
              </p>
            )}
            {content.contactEmail && (
              <p>
                <a className="underline" href={`mailto:${content.contactEmail}`}>
                  {content.contactEmail}
                </a>
              </p>
            )}
            {content.address && <p>{content.address}</p>}
          </address>
        </div>
        <div>
          <h2 className="font-semibold text-white">Services</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {SERVICES.map((service) => (
              <li key={service.title}>{service.title}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Company</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/about" className="underline">
                About Us
              </Link>
            </li>
            <li>
              <Link to="/schedule" hash="consultation" className="underline">
                Contact
              </Link>
            </li>
            <li>Privacy Policy</li>
            <li>Terms of Service</li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-700 py-4 text-center text-sm">
        © 2025 {content.companyTitle}. Serving all of Alaska.
      </p>
    </footer>
  );
}
