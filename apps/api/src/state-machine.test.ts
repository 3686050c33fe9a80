import { describe, expect, it } from 'vitest';
import { stateMachine } from './state-machine.ts';

const doors = stateMachine<'open' | 'shut' | 'locked'>({
  noun: 'order',
  labels: { open: 'Open', shut: 'Shut', locked: 'Locked' },
  moves: { open: ['shut'], shut: ['open', 'locked'], locked: [] },
  stale: 'Someone else moved it.',
});

describe('a state machine', () => {
  it('lets a record make the moves it allows', () => {
    expect(doors.can('shut', 'locked')).toBe(true);
    expect(() => doors.check('open', 'shut')).not.toThrow();
  });

  it('refuses any other move with a 409 in the record’s words', () => {
    expect(doors.can('open', 'locked')).toBe(false);
    expect(() => doors.check('open', 'locked')).toThrow('An order that is open cannot become locked.');
    expect(() => doors.check('locked', 'open', 'be opened')).toThrow('An order that is locked cannot be opened.');
    expect(() => doors.check('locked', 'shut')).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('refuses a record changed since it was read', () => {
    expect(() => doors.fresh(3, 3)).not.toThrow();
    expect(() => doors.fresh(4, 3)).toThrow('Someone else moved it.');
  });
});
