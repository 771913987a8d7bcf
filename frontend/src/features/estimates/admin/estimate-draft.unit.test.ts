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

  it('sends nothing for an unchanged draft, and only what changed otherwise', () => {
    const estimate = sampleEstimate({ additionalServices: ['a', 'b'] });
    const draft = estimateDraftOf(estimate);
    expect(estimateSave(estimate, draft, CALCULATED)).toEqual({ ok: true, body: null });
    // Whitespace the form trims and services ticked in another order are no change.
    expect(
      estimateSave(
        estimate,
        { ...draft, title: ' Lodge cameras ', additionalServices: ['b', 'a'] },
        CALCULATED,
      ),
    ).toEqual({ ok: true, body: null });
    expect(
      estimateSave(
        estimate,
        { ...draft, cameraCount: '6', location: 'Kenai', starlinkInstall: true },
        CALCULATED,
      ),
    ).toEqual({ ok: true, body: { cameraCount: 6, location: 'Kenai', starlinkInstall: true } });
  });

  it('sends labor hours only when the admin typed others: automatic hours stay null', () => {
    const automatic = sampleEstimate();
    const typed = estimateSave(automatic, { ...estimateDraftOf(automatic), laborHours: '6.5' }, CALCULATED);
    expect(typed).toEqual({ ok: true, body: { laborHours: 6.5 } });
    const custom = sampleEstimate({ customLaborHours: 5 });
    const draft = estimateDraftOf(custom);
    expect(estimateSave(custom, { ...draft, cameraCount: '5' }, CALCULATED)).toEqual({
      ok: true,
      body: { cameraCount: 5 },
    });
    expect(estimateSave(custom, { ...draft, laborHours: '' }, CALCULATED)).toEqual({
      ok: true,
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
    expect(estimateSave(estimate, { ...draft, totalCost: '1265' }, CALCULATED)).toEqual({
      ok: true,
      body: null,
    });
    const adjusted = sampleEstimate({ adjusted: true, totalCents: 100_000, totalCost: 1000 });
    expect(
      estimateSave(adjusted, { ...estimateDraftOf(adjusted), totalCost: null }, CALCULATED),
    ).toMatchObject({
      body: { totalCost: null },
    });
    expect(estimateSave(adjusted, estimateDraftOf(adjusted), 150_000)).toEqual({ ok: true, body: null });
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
    expect(estimateSave(estimate, draft, CALCULATED)).toEqual({
      ok: true,
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
