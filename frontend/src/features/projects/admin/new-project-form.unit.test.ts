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
    expect(newProjectBody(EMPTY_NEW_PROJECT)).toMatchObject({ ok: false, problem: 'Please select a client' });
    expect(newProjectBody({ ...filled, title: ' ' })).toMatchObject({
      ok: false,
      problem: 'Title is required',
    });
    expect(newProjectBody({ ...filled, type: '' })).toMatchObject({
      ok: false,
      problem: 'Please choose a project type',
    });
  });

  it('names each refused field with its message, for marking the fields', () => {
    expect(newProjectBody(EMPTY_NEW_PROJECT)).toMatchObject({
      errors: {
        clientId: 'Please select a client',
        title: 'Title is required',
        type: 'Please choose a project type',
      },
    });
    expect(newProjectBody({ ...filled, title: '' })).toMatchObject({
      errors: { title: 'Title is required' },
    });
  });

  it('refuses an end date before the start date', () => {
    expect(newProjectBody({ ...filled, jobStartDate: '2030-05-02', jobEndDate: '2030-05-01' })).toMatchObject(
      {
        ok: false,
        problem: 'Start date must be before end date',
      },
    );
  });
});
