/**
 * Appointments (spec part 2, sections 3 "Appointment", 4, 5 "Create event", 7): the texts the API answers
 * with. The spec gives the title and client messages; the others are ours.
 */
export const APPOINTMENT_TITLE_REQUIRED = 'Please enter an event title';
export const APPOINTMENT_CLIENT_REQUIRED = 'Please select a client';
export const APPOINTMENT_END_BEFORE_START = 'End time must be after start time';
export const APPOINTMENT_PROJECT_OTHER_CLIENT = 'This project belongs to another client';
export const APPOINTMENT_NOT_FOUND = 'Appointment not found';
export const APPOINTMENT_CANCELLED = 'This appointment is cancelled and can no longer be changed';
export const APPOINTMENT_EXISTS = 'This appointment already exists';
