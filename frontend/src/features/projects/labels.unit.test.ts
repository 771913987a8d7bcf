import { describe, expect, it } from 'vitest';
import { statusLabel, typeLabel } from './labels';

describe('labels', () => {
  it('names statuses and types, and shows unknown values as sent', () => {
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('on_hold')).toBe('on_hold');
    expect(typeLabel('security_cameras')).toBe('Security Cameras');
    expect(typeLabel('website_development')).toBe('Website');
  });
});
