// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { noteOrderFromCart, sendCartReminders } from './service.ts';
export { sendDateNotes } from './date-notes.ts';
