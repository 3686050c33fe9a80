// The module's public face: what the rest of the API may use of it (lint refuses other imports from outside).
export { Foreground } from './foreground.ts';
export { ensureQueue, jobsOn, queueFigures, type JobQueue, type Jobs } from './queue.ts';
