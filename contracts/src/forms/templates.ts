import type { FormDefinition, TFormField, TFormSection } from './definition.ts';

/**
 * The forms the product ships with: three quote templates staff fill for a client's project (spec part 2,
 * section 3, "Built-in templates") and three required documents every project asks its client to sign
 * (spec part 1, section 3, "Required-document template"). A document made from one carries its id as
 * `templateType`; the server checks the answers against the template with `answersProblem`.
 */
export interface FormTemplate extends FormDefinition {
  id: string;
  kind: 'quote' | 'required';
}

type FieldSpec = Pick<TFormField, 'id' | 'type' | 'label'> & Partial<TFormField>;
const field = (spec: FieldSpec): TFormField => ({ placeholder: '', required: true, options: [], ...spec });
const optional = (spec: FieldSpec) => field({ ...spec, required: false });
const section = (id: string, title: string, fields: TFormField[], description = ''): TFormSection => ({
  id,
  title,
  description,
  collapsed: false,
  fields,
});

export const PROJECT_TYPE_OPTIONS = ['Residential', 'Commercial', 'Industrial', 'Smart Home'];
export const TIMELINE_OPTIONS = ['ASAP', 'Within 1 week', 'Within 2 weeks', 'Within 1 month', 'Flexible'];
export const BUDGET_OPTIONS = [
  'Under $1,000',
  '$1,000 - $2,500',
  '$2,500 - $5,000',
  '$5,000 - $10,000',
  '$10,000 - $25,000',
  'Over $25,000',
];

const timeline = field({ id: 'timeline', type: 'select', label: 'Timeline', options: TIMELINE_OPTIONS });
const budget = field({ id: 'budget', type: 'select', label: 'Budget', options: BUDGET_OPTIONS });

export const SECURITY_TEMPLATE: FormTemplate = {
  id: 'security',
  kind: 'quote',
  title: 'Security Camera Install Quote',
  description: 'Camera system installation for a home or business.',
  sections: [
    section('project', 'Project', [
      field({ id: 'projectType', type: 'select', label: 'Project Type', options: PROJECT_TYPE_OPTIONS }),
      field({ id: 'cameraCount', type: 'number', label: 'Number of Cameras', placeholder: '1 to 32' }),
      field({
        id: 'propertySize',
        type: 'select',
        label: 'Property Size',
        options: ['Under 1,500 sq ft', '1,500 - 3,000 sq ft', '3,000 - 5,000 sq ft', 'Over 5,000 sq ft'],
      }),
      budget,
      timeline,
      optional({ id: 'specialRequirements', type: 'textarea', label: 'Special Requirements' }),
    ]),
  ],
};

export const STARLINK_TEMPLATE: FormTemplate = {
  id: 'starlink',
  kind: 'quote',
  title: 'Starlink Installation Quote',
  description: 'Starlink satellite internet installation.',
  sections: [
    section('installation', 'Installation', [
      field({
        id: 'installationType',
        type: 'select',
        label: 'Installation Type',
        options: ['Residential', 'Business', 'Remote Cabin', 'RV / Mobile'],
      }),
      field({
        id: 'mountingPreference',
        type: 'select',
        label: 'Mounting Preference',
        options: ['Roof Mount', 'Pole Mount', 'Wall Mount', 'Ground Mount', 'Not Sure'],
      }),
      field({ id: 'location', type: 'text', label: 'Installation Location', placeholder: 'Address or area' }),
      field({
        id: 'internetUsage',
        type: 'select',
        label: 'Internet Usage',
        options: ['Basic Browsing', 'Streaming', 'Remote Work', 'Gaming', 'Business Operations'],
      }),
      timeline,
      optional({ id: 'additionalNotes', type: 'textarea', label: 'Additional Notes' }),
    ]),
  ],
};

export const WEBSITE_TEMPLATE: FormTemplate = {
  id: 'website',
  kind: 'quote',
  title: 'Website Development Quote',
  description: 'A custom website for a home business or company.',
  sections: [
    section('website', 'Website', [
      field({
        id: 'websiteType',
        type: 'select',
        label: 'Website Type',
        options: ['Business', 'E-commerce', 'Portfolio', 'Blog', 'Landing Page'],
      }),
      field({
        id: 'pages',
        type: 'select',
        label: 'Number of Pages',
        options: ['1-5', '6-10', '11-20', 'More than 20'],
      }),
      field({
        id: 'features',
        type: 'multiselect',
        label: 'Features',
        options: [
          'Contact Form',
          'Online Booking',
          'Online Store',
          'Photo Gallery',
          'Blog',
          'SEO',
          'Analytics',
        ],
      }),
      field({
        id: 'designStyle',
        type: 'select',
        label: 'Design Style',
        options: ['Modern', 'Classic', 'Minimal', 'Bold'],
      }),
      budget,
      timeline,
      optional({
        id: 'contentProvision',
        type: 'select',
        label: 'Content Provision',
        options: ['Client provides all content', 'Client provides some content', 'We write the content'],
      }),
    ]),
  ],
};

const signedOn = field({ id: 'date', type: 'date', label: 'Date' });

export const PROPERTY_PERMISSION_TEMPLATE: FormTemplate = {
  id: 'property-permission',
  kind: 'required',
  title: 'Property Permission Form',
  description: 'Permission to install equipment on the property.',
  sections: [
    section(
      'permission',
      'Property and permission',
      [
        field({ id: 'ownerName', type: 'text', label: 'Property Owner Name' }),
        field({ id: 'propertyAddress', type: 'textarea', label: 'Property Address' }),
        field({ id: 'ownerPhone', type: 'phone', label: 'Owner Phone' }),
        optional({ id: 'ownerEmail', type: 'email', label: 'Owner Email' }),
        field({
          id: 'relationship',
          type: 'select',
          label: 'Your Relationship to the Property',
          options: ['Owner', 'Authorized Agent', 'Tenant with Owner Consent'],
        }),
        field({
          id: 'permittedWork',
          type: 'multiselect',
          label: 'Permitted Work',
          options: [
            'Mount cameras on exterior walls',
            'Run cabling through walls and attic',
            'Install a Starlink dish on the roof or a pole',
            'Drill through exterior walls',
          ],
        }),
        optional({ id: 'accessNotes', type: 'textarea', label: 'Access Notes (gate codes, pets, hours)' }),
        signedOn,
      ],
      'I confirm that I may authorize this work and grant the installers access to the property.',
    ),
  ],
};

export const INSURANCE_CERTIFICATE_TEMPLATE: FormTemplate = {
  id: 'insurance-certificate',
  kind: 'required',
  title: 'Insurance Certificate',
  description: "The property's insurance coverage during installation.",
  sections: [
    section('insurance', 'Insurance', [
      field({ id: 'insuredName', type: 'text', label: 'Name of Insured' }),
      field({ id: 'insuranceCompany', type: 'text', label: 'Insurance Company' }),
      field({ id: 'policyNumber', type: 'text', label: 'Policy Number' }),
      field({
        id: 'coverageType',
        type: 'select',
        label: 'Coverage Type',
        options: ["Homeowner's", "Renter's", 'Commercial Property', 'General Liability'],
      }),
      field({ id: 'effectiveDate', type: 'date', label: 'Effective Date' }),
      field({ id: 'expirationDate', type: 'date', label: 'Expiration Date' }),
      optional({ id: 'agentContact', type: 'text', label: 'Agent Name and Phone' }),
      signedOn,
    ]),
  ],
};

export const SERVICE_AGREEMENT_TEMPLATE: FormTemplate = {
  id: 'service-agreement',
  kind: 'required',
  title: 'Service Agreement',
  description: 'The services agreed and their terms.',
  sections: [
    section(
      'agreement',
      'Agreement',
      [
        field({ id: 'clientName', type: 'text', label: 'Client Name' }),
        field({ id: 'serviceAddress', type: 'textarea', label: 'Service Address' }),
        field({
          id: 'services',
          type: 'multiselect',
          label: 'Services',
          options: ['Security Cameras', 'Starlink Installation', 'Website Development'],
        }),
        field({
          id: 'acceptance',
          type: 'select',
          label: 'Acceptance',
          options: ['I have read and accept the terms of this agreement'],
        }),
        signedOn,
      ],
      'Work is scheduled once this agreement is signed. Invoices are due 30 days after issue. Equipment is warranted for one year from installation; workmanship for 90 days.',
    ),
  ],
};

export const QUOTE_TEMPLATES = [SECURITY_TEMPLATE, STARLINK_TEMPLATE, WEBSITE_TEMPLATE] as const;
export const REQUIRED_DOCUMENT_TEMPLATES = [
  PROPERTY_PERMISSION_TEMPLATE,
  INSURANCE_CERTIFICATE_TEMPLATE,
  SERVICE_AGREEMENT_TEMPLATE,
] as const;
export const FORM_TEMPLATES: readonly FormTemplate[] = [...QUOTE_TEMPLATES, ...REQUIRED_DOCUMENT_TEMPLATES];

export const templateById = (id: string | null | undefined): FormTemplate | undefined =>
  FORM_TEMPLATES.find((t) => t.id === id);
