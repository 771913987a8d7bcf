import { describe, expect, it } from 'vitest';
import { EMPTY_NEW_PROJECT, newProjectBody } from './new-project-form';

const filled = { ...EMPTY_NEW_PROJECT, clientId: '4', title: 'Cabin internet', type: 'starlink' as const };

describe('newProjectBody', () => {
  it('sends the chosen client as a number and empty dates as null', () => {
    expect(newProjectBody(filled)).toEqual({
      ok: true,
      body: {
        clientId: 4,
        title: 'Cabin internet',
        type: 'starlink',
        description: '',
        status: 'pending',
        jobStartDate: null,
        jobEndDate: null,
      },
    });
  });

  it('asks for a client, a title and a type, in the order of the form', () => {
    expect(newProjectBody(EMPTY_NEW_PROJECT)).toEqual({ ok: false, problem: 'Please select a client' });
    expect(newProjectBody({ ...filled, title: ' ' })).toEqual({ ok: false, problem: 'Title is required' });
    expect(newProjectBody({ ...filled, type: '' })).toEqual({
      ok: false,
      problem: 'Please choose a project type',
    });
  });

  it('refuses an end date before the start date', () => {
    expect(newProjectBody({ ...filled, jobStartDate: '2030-05-02', jobEndDate: '2030-05-01' })).toEqual({
      ok: false,
      problem: 'Start date must be before end date',
    });
  });
});
