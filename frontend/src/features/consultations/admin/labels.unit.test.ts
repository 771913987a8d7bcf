import { describe, expect, it } from 'vitest';
import { preferredTimeLabel, propertyTypeLabel, serviceTypeLabel } from './labels';

describe('labels', () => {
  it('names service types as the request form does', () => {
    expect(serviceTypeLabel('security_cameras')).toBe('Security Cameras');
    expect(serviceTypeLabel('website_development')).toBe('Website Development');
    expect(serviceTypeLabel('something_new')).toBe('Something New');
  });

  it('spells out the preferred time windows', () => {
    expect(preferredTimeLabel('morning')).toBe('Morning (8AM-12PM)');
    expect(preferredTimeLabel('afternoon')).toBe('Afternoon (12PM-5PM)');
    expect(preferredTimeLabel('evening')).toBe('Evening (5PM-8PM)');
    expect(preferredTimeLabel(null)).toBe('Any time');
  });

  it('names property types and their absence', () => {
    expect(propertyTypeLabel('warehouse')).toBe('Warehouse');
    expect(propertyTypeLabel(null)).toBe('Not specified');
  });
});
