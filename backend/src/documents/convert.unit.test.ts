import { ZFormSections } from '@app/contracts/forms/definition';
import { describe, expect, it } from 'vitest';
import { fieldTypeFor, proposeForm } from './convert.ts';

const fieldsOf = (text: string, fileName = 'form.pdf') =>
  proposeForm(text, fileName).formSections.flatMap((s) => s.fields);
const brief = (text: string) =>
  proposeForm(text, 'form.pdf').formSections.map((s) => ({
    title: s.title,
    fields: s.fields.map((f) => `${f.label}:${f.type}${f.options.length ? `[${f.options.join('|')}]` : ''}`),
  }));

const serviceRequest = `NORTHERN GUARD SECURITY
SERVICE REQUEST FORM
Please print clearly and return to the office.

CUSTOMER INFORMATION
Full Name: ______________________________
Email Address: __________________  Phone: ________________
Service Address: _______________________________________
Preferred Date: ____/____/______

PROJECT DETAILS
Services Requested:
[ ] Security Cameras   [ ] Starlink   [ ] Website
Number of Cameras: ______
Property Type: ☐ Residential ☐ Commercial ☐ Industrial
Is the property owner-occupied? ☐ Yes ☐ No
Additional Notes:

AUTHORIZATION
Customer Signature: ____________________   Date: __________
`;

describe('proposing a form from a document’s text', () => {
  it('reads a service request: title, sections, fields, check boxes and types', () => {
    const proposal = proposeForm(serviceRequest, 'service-request.pdf');
    expect(proposal.formTitle).toBe('Service Request Form');
    expect(brief(serviceRequest)).toEqual([
      {
        title: 'Customer Information',
        fields: [
          'Full Name:text',
          'Email Address:email',
          'Phone:phone',
          'Service Address:textarea',
          'Preferred Date:date',
        ],
      },
      {
        title: 'Project Details',
        fields: [
          'Services Requested:multiselect[Security Cameras|Starlink|Website]',
          'Number of Cameras:number',
          'Property Type:multiselect[Residential|Commercial|Industrial]',
          'Is the property owner-occupied?:select[Yes|No]',
          'Additional Notes:textarea',
        ],
      },
      // The signature is drawn when the client signs; its date stays a field.
      { title: 'Authorization', fields: ['Date:date'] },
    ]);
    // What the builder and the server accept: unique ids, valid shapes.
    expect(ZFormSections.safeParse(proposal.formSections).success).toBe(true);
    expect(proposal.formSections[0]?.fields.map((f) => f.id)).toEqual([
      'fullName',
      'emailAddress',
      'phone',
      'serviceAddress',
      'preferredDate',
    ]);
  });

  it('takes the title from the first heading, or the file name without its extension', () => {
    expect(proposeForm('Site Survey\nName: ____', 'x.pdf').formTitle).toBe('Site Survey');
    expect(proposeForm('Name: ____\nPhone: ____', 'Work Order 2024.docx').formTitle).toBe('Work Order 2024');
    expect(proposeForm('', 'scan.final.jpeg').formTitle).toBe('scan.final');
    expect(proposeForm('', '').formTitle).toBe('Converted form');
  });

  it('reads labels that end in a colon on their own line as fields', () => {
    expect(brief('Job Site Checklist\nCustomer name:\nInstall date:\nComments:')).toEqual([
      { title: '', fields: ['Customer name:text', 'Install date:date', 'Comments:textarea'] },
    ]);
  });

  it('splits several blanks on one line, and reads dotted leaders as blanks', () => {
    expect(
      fieldsOf('City: __________ State: _____ ZIP: _______\nEmail ..........').map((f) => f.label),
    ).toEqual(['City', 'State', 'ZIP', 'Email']);
  });

  it('gathers check boxes on the lines after a label into one choice', () => {
    const fields = fieldsOf('Mounting preference:\n☐ Roof Mount\n☐ Pole Mount\n☐ Wall Mount\nBudget: ____');
    expect(fields.map((f) => [f.label, f.type, f.options])).toEqual([
      ['Mounting preference', 'multiselect', ['Roof Mount', 'Pole Mount', 'Wall Mount']],
      ['Budget', 'number', []],
    ]);
  });

  it('makes a dropdown for yes/no and "choose one", multiple choice otherwise', () => {
    const fields = fieldsOf(
      'Pets on site? [ ] Yes [ ] No\nTimeline (choose one): [ ] ASAP [ ] 1 week [ ] Flexible\nFeatures: [x] Night vision [ ] Audio',
    );
    expect(fields.map((f) => [f.label, f.type])).toEqual([
      ['Pets on site?', 'select'],
      ['Timeline (choose one)', 'select'],
      ['Features', 'multiselect'],
    ]);
    expect(fields[2]?.options).toEqual(['Night vision', 'Audio']);
  });

  it('turns a lone box into a yes/no question', () => {
    expect(fieldsOf('☐ I agree to the terms of service').map((f) => [f.label, f.type, f.options])).toEqual([
      ['I agree to the terms of service', 'select', ['Yes', 'No']],
    ]);
  });

  it('keeps required marks, drops numbering, and keeps ids unique', () => {
    const fields = fieldsOf('1. Name*: _____\n2) Name (required): _____\nName: _____');
    expect(fields.map((f) => [f.id, f.label, f.required])).toEqual([
      ['name', 'Name', true],
      ['name-2', 'Name', true],
      ['name-3', 'Name', false],
    ]);
  });

  it('reads "Section 2: ..." and short lines followed by fields as sections, prose as descriptions', () => {
    const text = `Insurance Certificate
Section 1: Carrier
Please give the details of your insurer as shown on the policy.
Insurance Company: ______
Policy Number: ______
Coverage
Coverage Amount: ______
Expiration Date: ______`;
    const proposal = proposeForm(text, 'ins.pdf');
    expect(proposal.formTitle).toBe('Insurance Certificate');
    expect(
      proposal.formSections.map((s) => [s.title, s.description, s.fields.map((f) => `${f.label}:${f.type}`)]),
    ).toEqual([
      [
        'Section 1: Carrier',
        'Please give the details of your insurer as shown on the policy.',
        ['Insurance Company:text', 'Policy Number:text'],
      ],
      ['Coverage', '', ['Coverage Amount:number', 'Expiration Date:date']],
    ]);
  });

  it('does not take a long lead-in ending in a colon for a field', () => {
    expect(fieldsOf('Please complete all of the following items:\nName: ____').map((f) => f.label)).toEqual([
      'Name',
    ]);
  });

  it('answers one empty section when the text has no labels (a letter, a scan)', () => {
    const proposal = proposeForm(
      'Dear customer,\nThank you for choosing us. We will be in touch.',
      'letter.pdf',
    );
    expect(proposal.formSections).toEqual([
      { id: 'section-1', title: '', description: '', collapsed: false, fields: [] },
    ]);
    expect(proposeForm('', 'photo.png').formSections).toHaveLength(1);
  });

  it('stays within the form limits for a huge document', () => {
    const text = Array.from({ length: 3000 }, (_, i) =>
      i % 100 === 0 ? `PART ${i}` : `Item ${i}: ____`,
    ).join('\n');
    const proposal = proposeForm(text, 'big.pdf');
    expect(ZFormSections.safeParse(proposal.formSections).success).toBe(true);
    expect(proposal.formSections.length).toBeLessThanOrEqual(50);
  });

  it('keeps labels and options within 200 characters', () => {
    const long = 'Very long label '.repeat(30);
    const [field] = fieldsOf(`${long}: ____`);
    expect(field?.label.length).toBeLessThanOrEqual(200);
    expect(ZFormSections.safeParse(proposeForm(`${long}: [ ] ${long} [ ] b`, 'x').formSections).success).toBe(
      true,
    );
  });

  it.each([
    ['E-mail', 'email'],
    ['Contact Email Address', 'email'],
    ['Cell Phone', 'phone'],
    ['Phone Number', 'phone'],
    ['Date of Birth', 'date'],
    ['Start date', 'date'],
    ['Qty', 'number'],
    ['Number of Cameras', 'number'],
    ['Camera count', 'number'],
    ['Mailing Address', 'textarea'],
    ['Special instructions', 'textarea'],
    ['Policy Number', 'text'],
    ['Company', 'text'],
  ])('infers the type of "%s" as %s', (label, type) => {
    expect(fieldTypeFor(label)).toBe(type);
  });
});
