import { calculateQuote } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import { describe, expect, it } from 'vitest';
import {
  canGenerate,
  estimateBodyOf,
  NEW_QUOTE,
  quoteInputOf,
  quoteTitle,
  withCameraType,
  withClient,
  withService,
} from './quote-form';

describe('the camera type', () => {
  it('none sets the count to 0; another type brings the previous count back', () => {
    const six = { ...NEW_QUOTE, cameraCount: '6' };
    const none = withCameraType(six, 'none');
    expect(none.cameraCount).toBe('0');
    expect(quoteInputOf(none).cameraCount).toBe(0);
    const back = withCameraType(none, 'wireless');
    expect(back.cameraType).toBe('wireless');
    expect(back.cameraCount).toBe('6');
  });

  it('restores 1 when there was no count to restore', () => {
    expect(withCameraType({ ...NEW_QUOTE, cameraType: 'none', cameraCount: '0' }, 'wired').cameraCount).toBe(
      '1',
    );
    const cleared = withCameraType({ ...NEW_QUOTE, cameraCount: '' }, 'none');
    expect(withCameraType(cleared, 'wired').cameraCount).toBe('1');
  });

  it('keeps the count between wired and wireless', () => {
    const wireless = withCameraType({ ...NEW_QUOTE, cameraCount: '9' }, 'wireless');
    expect(wireless.cameraCount).toBe('9');
    expect(withCameraType(wireless, 'wireless')).toBe(wireless);
  });
});

describe('the client and services', () => {
  it('a new client clears the project; the same client keeps it', () => {
    const chosen = { ...NEW_QUOTE, clientId: 3, projectId: 8 };
    expect(withClient(chosen, 3).projectId).toBe(8);
    expect(withClient(chosen, 4)).toMatchObject({ clientId: 4, projectId: null });
    expect(withClient(chosen, null)).toMatchObject({ clientId: null, projectId: null });
  });

  it('ticks and unticks a service once', () => {
    const one = withService(NEW_QUOTE, 'system-training', true);
    expect(withService(one, 'system-training', true).additionalServices).toEqual(['system-training']);
    expect(withService(one, 'system-training', false).additionalServices).toEqual([]);
  });
});

describe('what the calculator is asked', () => {
  it('waits for a property type', () => {
    expect(canGenerate(NEW_QUOTE)).toBe(false);
    expect(canGenerate({ ...NEW_QUOTE, propertyType: 'apartment' })).toBe(true);
  });

  it('reads the typed numbers, falling back to 1 camera, 0 feet and the automatic hours', () => {
    const input = quoteInputOf({
      ...NEW_QUOTE,
      cameraCount: '',
      wireLength: '',
      laborHours: ' ',
      propertyType: 'house',
    });
    expect(input).toMatchObject({ cameraCount: 1, wireLength: 0, customLaborHours: null });
    expect(quoteInputOf({ ...NEW_QUOTE, laborHours: '2.5' }).customLaborHours).toBe(2.5);
  });

  it('counts cable only for wired cameras', () => {
    const wired = { ...NEW_QUOTE, wireLength: '150' };
    expect(quoteInputOf(wired).wireLength).toBe(150);
    expect(quoteInputOf(withCameraType(wired, 'wireless')).wireLength).toBe(0);
  });

  it('prices 4 wired cameras with 100 ft at a small commercial site with the default pricing', () => {
    const draft = { ...NEW_QUOTE, wireLength: '100', propertyType: 'commercial_small' };
    const quote = calculateQuote(quoteInputOf(draft), DEFAULT_PRICING);
    // cameras 4 × $110 = $440, cable 100 × $3 = $300, labor max(4, 4 × 1.5 + 1) = 7 h × $75 = $525; × 1.2.
    expect(quote.breakdown).toEqual({
      cameras: 52_800,
      wiring: 36_000,
      starlink: 0,
      labor: 63_000,
      additional: 0,
    });
    expect(quote.totalCents).toBe(151_800);
  });
});

describe('the saved estimate', () => {
  it('is titled by the job name, else by its kind and place', () => {
    expect(quoteTitle({ ...NEW_QUOTE, jobName: '  Lodge cameras ' }, 'cameras')).toBe('Lodge cameras');
    expect(quoteTitle({ ...NEW_QUOTE, location: ' Talkeetna ' }, 'starlink')).toBe(
      'Starlink Quote - Talkeetna',
    );
    expect(quoteTitle(NEW_QUOTE, 'consultation')).toBe('Consultation Quote');
  });

  it('sends the fields trimmed, without amounts', () => {
    const draft = {
      ...withCameraType(NEW_QUOTE, 'none'),
      jobName: ' Cabin ',
      clientId: 2,
      starlinkInstall: true,
      propertyType: 'house',
      location: ' Willow ',
      laborHours: '3',
      specialRequirements: ' dogs on site ',
    };
    expect(estimateBodyOf(draft, 'Cabin')).toEqual({
      title: 'Cabin',
      jobName: 'Cabin',
      clientId: 2,
      projectId: null,
      cameraType: 'none',
      cameraCount: 0,
      wireLength: 0,
      starlinkInstall: true,
      propertyType: 'house',
      location: 'Willow',
      additionalServices: [],
      laborHours: 3,
      specialRequirements: 'dogs on site',
    });
  });
});
