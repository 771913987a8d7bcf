import { describe, expect, it } from 'vitest';
import { estimateDraftOf, estimateSave } from './estimate-draft';
import { withCameraType, withClient } from './quote-form';
import { sampleEstimate } from './sample-estimate';

const CALCULATED = 126_500;

describe('the estimate page draft', () => {
  it('starts from the stored estimate', () => {
    const draft = estimateDraftOf(sampleEstimate({ customLaborHours: 5, totalCost: 1000, adjusted: true }));
    expect(draft).toMatchObject({ cameraCount: '4', wireLength: '100', laborHours: '5', totalCost: '1000' });
    expect(estimateDraftOf(sampleEstimate()).laborHours).toBeNull();
    expect(estimateDraftOf(sampleEstimate()).totalCost).toBeNull();
  });

  it('an unchanged draft sends the same fields back, the automatic hours as null and no total', () => {
    const estimate = sampleEstimate();
    const save = estimateSave(estimate, estimateDraftOf(estimate), CALCULATED);
    expect(save).toEqual({
      ok: true,
      body: {
        title: 'Lodge cameras',
        jobName: 'Lodge cameras',
        clientId: 1,
        projectId: null,
        cameraType: 'wired',
        cameraCount: 4,
        wireLength: 100,
        starlinkInstall: false,
        propertyType: 'house',
        location: 'Soldotna',
        additionalServices: [],
        laborHours: null,
        specialRequirements: '',
      },
    });
  });

  it('keeps custom hours the admin did not touch, and sends the ones typed', () => {
    const estimate = sampleEstimate({ customLaborHours: 5 });
    const draft = estimateDraftOf(estimate);
    expect(estimateSave(estimate, draft, CALCULATED)).toMatchObject({ body: { laborHours: 5 } });
    expect(estimateSave(estimate, { ...draft, laborHours: '6.5' }, CALCULATED)).toMatchObject({
      body: { laborHours: 6.5 },
    });
    expect(estimateSave(estimate, { ...draft, laborHours: '' }, CALCULATED)).toMatchObject({
      body: { laborHours: null },
    });
  });

  it('sends a typed total, 0 for an empty one, and null to go back to the calculated total', () => {
    const estimate = sampleEstimate();
    const draft = estimateDraftOf(estimate);
    expect(estimateSave(estimate, { ...draft, totalCost: '1200.50' }, CALCULATED)).toMatchObject({
      body: { totalCost: 1200.5 },
    });
    expect(estimateSave(estimate, { ...draft, totalCost: '' }, CALCULATED)).toMatchObject({
      body: { totalCost: 0 },
    });
    // Typing the calculated total is no adjustment.
    const same = estimateSave(estimate, { ...draft, totalCost: '1265' }, CALCULATED);
    expect(same.ok && 'totalCost' in same.body).toBe(false);
    const adjusted = sampleEstimate({ adjusted: true, totalCents: 100_000, totalCost: 1000 });
    expect(
      estimateSave(adjusted, { ...estimateDraftOf(adjusted), totalCost: null }, CALCULATED),
    ).toMatchObject({
      body: { totalCost: null },
    });
    const kept = estimateSave(adjusted, estimateDraftOf(adjusted), 150_000);
    expect(kept.ok && 'totalCost' in kept.body).toBe(false);
  });

  it('sends the description only when the admin changed it', () => {
    const estimate = sampleEstimate();
    const draft = estimateDraftOf(estimate);
    expect(estimateSave(estimate, { ...draft, description: 'Our own words.' }, CALCULATED)).toMatchObject({
      body: { description: 'Our own words.' },
    });
  });

  it('no cameras sends 0 cameras; changing the client clears the project', () => {
    const estimate = sampleEstimate({ projectId: 4 });
    const draft = withClient(withCameraType(estimateDraftOf(estimate), 'none'), 2);
    expect(estimateSave(estimate, draft, CALCULATED)).toMatchObject({
      body: { cameraType: 'none', cameraCount: 0, wireLength: 0, clientId: 2, projectId: null },
    });
  });

  it("answers the contract's message for a field it would refuse", () => {
    const estimate = sampleEstimate();
    const draft = estimateDraftOf(estimate);
    expect(estimateSave(estimate, { ...draft, title: '  ' }, CALCULATED)).toEqual({
      ok: false,
      problem: 'Title is required',
    });
    expect(estimateSave(estimate, { ...draft, totalCost: '-5' }, CALCULATED)).toEqual({
      ok: false,
      problem: 'Total cost cannot be negative',
    });
  });
});
